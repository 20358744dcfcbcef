/**
 * The shell's overlays, loaded after the first paint (issue 5 "Weight of the pages"): the
 * notifications popover and the user menu's dropdown bring Radix's menu, popover, focus
 * trap, scroll lock and scroll area code that no page needs to show. `ShellOverlaysProvider` loads this module when the browser is idle,
 * or at once when a trigger is hovered, focused or clicked; until then the triggers show
 * as plain buttons. Import it only through `loadShellOverlays`.
 */
import { Box, Button, DropdownMenu, Flex, Popover, Text, Tooltip } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { ExitIcon, GearIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { markAllNotificationsReadAtom } from '../atoms/notifications.atoms';
import { useAuthActor, useSession } from '../atoms/session.atoms';
import { problemMessage } from '../api/client';
import { AppearanceSubmenu } from './AppearanceSubmenu';
import { displayName } from './UserMenu';
import { NotificationsList } from './NotificationsList';

/**
 * The notifications popover around the bell (SPEC.md sections 4 and 7): the newest
 * notifications, each markable read, and 'Mark all read'.
 * @param trigger the bell button (the shell draws it, with its unread badge)
 * @param count unread notifications; 'Mark all read' is disabled at 0
 * @param defaultOpen open at once (the bell was clicked before this module loaded)
 */
export function NotificationsPopover({ trigger, count, defaultOpen }: { trigger: ReactElement; count: number; defaultOpen: boolean }) {
  const markAll = useAtomValue(markAllNotificationsReadAtom);
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Tooltip content="Notifications">
        <Popover.Trigger>{trigger}</Popover.Trigger>
      </Tooltip>
      <Popover.Content width="360px" aria-label="Notifications list" style={{ padding: 0 }}>
        <Flex align="center" justify="between" px="3" py="2" style={{ borderBottom: '1px solid var(--gray-a5)' }}>
          <Text size="2" weight="bold">
            Notifications
          </Text>
          <Button size="1" variant="ghost" disabled={count === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        </Flex>
        {markAll.isError && (
          <Box px="3" pt="2">
            <Text size="1" color="red" role="alert">
              {problemMessage(markAll.error, 'Failed to mark notifications read')}
            </Text>
          </Box>
        )}
        <NotificationsList />
      </Popover.Content>
    </Popover.Root>
  );
}

/**
 * The user menu's dropdown (SPEC.md section 2): the email; Account Settings, Appearance,
 * Help & Support (/help, which is the not-found page), Sign out.
 * @param trigger the avatar button (the shell draws it)
 * @param defaultOpen open at once (the button was clicked before this module loaded)
 */
export function UserMenuDropdown({ trigger, defaultOpen }: { trigger: ReactElement; defaultOpen: boolean }) {
  const { user } = useSession();
  const auth = useAuthActor();
  const [, navigate] = useLocation();

  const signOut = () => {
    auth.send({ type: 'auth.signOut' });
    navigate('/login', { replace: true });
  };

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
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
