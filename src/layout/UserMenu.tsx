import { useLocation } from 'wouter';
import { Avatar, DropdownMenu, Text } from '@radix-ui/themes';
import { ExitIcon, GearIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { useAuthActor, useSession } from '../atoms/session.atoms';
import type { User } from '../api/types';
import { AppearanceSubmenu } from './AppearanceSubmenu';

/** SPEC.md section 2: the avatar letter is the name's first letter, else 'U'. */
export function avatarFallback(user: Pick<User, 'name'> | null): string {
  const first = user?.name?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

/** SPEC.md section 2: the shown name, 'User' when there is none. */
export function displayName(user: Pick<User, 'name'> | null): string {
  return user?.name?.trim() || 'User';
}

/**
 * The sidebar footer's user menu (SPEC.md section 2): avatar, name and email; Account
 * Settings, Appearance, Help & Support (/help, which is the not-found page), Sign out.
 */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user } = useSession();
  const auth = useAuthActor();
  const [, navigate] = useLocation();

  const signOut = () => {
    auth.send({ type: 'auth.signOut' });
    navigate('/login', { replace: true });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <button type="button" className="fw-user-button" aria-label="User menu">
          <Avatar size="2" src={user?.picture ?? undefined} fallback={avatarFallback(user)} radius="full" alt="" />
          {!collapsed && (
            <span className="fw-user-text">
              <Text size="2" weight="medium">
                {displayName(user)}
              </Text>
              <Text size="1" color="gray">
                {user?.email ?? ''}
              </Text>
            </span>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content side="right" align="end" style={{ minWidth: '14rem' }}>
        <DropdownMenu.Label>
          <Text size="1" color="gray" truncate>
            {user?.email ?? displayName(user)}
          </Text>
        </DropdownMenu.Label>
        <DropdownMenu.Item onSelect={() => navigate('/settings/account')}>
          <GearIcon /> Account Settings
        </DropdownMenu.Item>
        <AppearanceSubmenu />
        <DropdownMenu.Item onSelect={() => navigate('/help')}>
          <QuestionMarkCircledIcon /> Help & Support
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={signOut}>
          <ExitIcon /> Sign out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
