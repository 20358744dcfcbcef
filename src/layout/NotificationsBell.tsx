import { Badge, Box, Button, Flex, IconButton, Popover, Text, Tooltip } from '@radix-ui/themes';
import { BellIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { markAllNotificationsReadAtom, unreadNotificationsAtom } from '../atoms/notifications.atoms';
import { problemMessage } from '../api/client';
import { NotificationsList } from './NotificationsList';

/** The badge text: the count, or '99+' when the server holds more unread than were counted. */
export function unreadBadgeText(count: number, more: boolean): string {
  return more || count > 99 ? '99+' : String(count);
}

/**
 * The top bar's notifications bell (SPEC.md sections 4 and 7): the unread count as a badge,
 * and a popover with the newest notifications, each markable read, and 'Mark all read'.
 */
export function NotificationsBell() {
  const unread = useAtomValue(unreadNotificationsAtom);
  const markAll = useAtomValue(markAllNotificationsReadAtom);
  const count = unread.data?.count ?? 0;
  const badge = count > 0 ? unreadBadgeText(count, unread.data?.more ?? false) : null;
  return (
    <Popover.Root>
      <Tooltip content="Notifications">
        <Popover.Trigger>
          <IconButton
            variant="ghost"
            color="gray"
            aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
            style={{ position: 'relative' }}
          >
            <BellIcon />
            {badge && (
              <Badge color="red" variant="solid" radius="full" size="1" className="fw-unread-badge" data-testid="notifications-unread">
                {badge}
              </Badge>
            )}
          </IconButton>
        </Popover.Trigger>
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
