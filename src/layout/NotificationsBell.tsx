import { Badge, IconButton } from '@radix-ui/themes';
import { BellIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { unreadNotificationsAtom } from '../atoms/notifications.atoms';
import { standInProps, useShellOverlays } from './ShellOverlaysProvider';

/** The badge text: the count, or '99+' when the server holds more unread than were counted. */
export function unreadBadgeText(count: number, more: boolean): string {
  return more || count > 99 ? '99+' : String(count);
}

/**
 * The top bar's notifications bell (SPEC.md sections 4 and 7): the unread count as a badge,
 * and a popover with the newest notifications, each markable read, and 'Mark all read'.
 * The popover comes with the shell's overlays (`ShellOverlaysProvider`); until they are
 * loaded the bell is an inert stand-in that looks the same.
 */
export function NotificationsBell() {
  const unread = useAtomValue(unreadNotificationsAtom);
  const shell = useShellOverlays();
  const { overlays } = shell;
  const count = unread.data?.count ?? 0;
  const badge = count > 0 ? unreadBadgeText(count, unread.data?.more ?? false) : null;
  const button = (
    <IconButton
      variant="ghost"
      color="gray"
      aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
      style={{ position: 'relative' }}
      {...(overlays ? {} : standInProps(shell, 'notifications'))}
    >
      <BellIcon />
      {badge && (
        <Badge color="red" variant="solid" radius="full" size="1" className="fw-unread-badge" data-testid={overlays ? 'notifications-unread' : undefined}>
          {badge}
        </Badge>
      )}
    </IconButton>
  );
  if (!overlays) return button;
  return <overlays.NotificationsPopover trigger={button} count={count} defaultOpen={shell.openOnLoad === 'notifications'} />;
}
