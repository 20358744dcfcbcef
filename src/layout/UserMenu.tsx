import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Avatar, Text } from '@radix-ui/themes';
import { useSession } from '../atoms/session.atoms';
import { avatarFallback, displayName } from './userNames';
import { useShellOverlays } from './ShellOverlaysProvider';

// The name rules live apart so pages that only show a name do not load this menu.
export { avatarFallback, displayName } from './userNames';

/**
 * The sidebar footer's user menu (SPEC.md section 2): avatar, name and email; its dropdown
 * (`UserMenuDropdown`) comes with the shell's overlays (`ShellOverlaysProvider`). Until they
 * are loaded and the button first used, it is a plain button with the same look and name:
 * hovering or focusing it loads them, and a click (or ArrowDown) opens the menu as soon as
 * they are in, from then on the real trigger. Swapping it only on that first use keeps the
 * button under a reader's or a test's eyes the same node until someone opens the menu.
 */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user } = useSession();
  const { overlays, preload } = useShellOverlays();
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    preload();
  };
  const button = (
    <button
      type="button"
      className="fw-user-button"
      aria-label="User menu"
      {...(overlays && used
        ? {}
        : {
            'aria-haspopup': 'menu' as const,
            'aria-expanded': false,
            onPointerEnter: preload,
            onFocus: preload,
            onClick: open,
            onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => event.key === 'ArrowDown' && open(),
          })}
    >
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
  );
  return overlays && used ? <overlays.UserMenuDropdown trigger={button} defaultOpen /> : button;
}
