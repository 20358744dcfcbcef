import { Box, Button, Flex, Spinner, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { markNotificationReadAtom, notificationsAtom } from '../atoms/notifications.atoms';
import type { AppNotification } from '../api/notifications';
import { problemMessage } from '../api/client';
import { formatEventTime } from '../lib/eventTime';
import { useNow } from '../lib/useNow';

function NotificationRow({ notification, nowMs, onRead, busy }: { notification: AppNotification; nowMs: number; onRead: () => void; busy: boolean }) {
  const { title, body, read, created_at } = notification;
  return (
    <li className="fw-notification-row" data-read={read}>
      <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
        <Flex justify="between" gap="2">
          <Text size="2" weight={read ? 'regular' : 'bold'} truncate>
            {title}
          </Text>
          <Text size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
            {created_at ? formatEventTime(created_at, nowMs) : ''}
          </Text>
        </Flex>
        {body && (
          <Text size="1" color="gray">
            {body}
          </Text>
        )}
      </Flex>
      {!read && (
        <Button size="1" variant="soft" disabled={busy} aria-label={`Mark "${title}" read`} onClick={onRead}>
          Mark read
        </Button>
      )}
    </li>
  );
}

/** The popover's list: newest first, times by the spec's rule (SPEC.md section 9), unread in bold. */
export function NotificationsList() {
  const list = useAtomValue(notificationsAtom);
  const markRead = useAtomValue(markNotificationReadAtom);
  const now = useNow();
  if (list.isPending) {
    return (
      <Flex justify="center" p="4">
        <Spinner />
      </Flex>
    );
  }
  if (list.isError) {
    return (
      <Text as="p" size="2" color="red" m="3" role="alert">
        {problemMessage(list.error, 'Failed to load notifications')}
      </Text>
    );
  }
  if (list.data.length === 0) {
    return (
      <Text as="p" size="2" color="gray" m="3">
        No notifications yet.
      </Text>
    );
  }
  return (
    <Box>
      {markRead.isError && (
        <Text as="p" size="1" color="red" role="alert" mx="3" mt="2">
          {problemMessage(markRead.error, 'Failed to mark the notification read')}
        </Text>
      )}
      {/* Not Radix's ScrollArea: it sizes content to the widest row and breaks truncation. */}
      <div className="fw-scroll-y" style={{ maxHeight: 384 }}>
        <ul aria-label="Notifications" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.map((n) => (
            <NotificationRow
              key={n.id}
              notification={n}
              nowMs={now}
              busy={markRead.isPending && markRead.variables === n.id}
              onRead={() => markRead.mutate(n.id)}
            />
          ))}
        </ul>
      </div>
    </Box>
  );
}
