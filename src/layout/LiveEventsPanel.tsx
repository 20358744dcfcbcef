import { Link } from 'wouter';
import { Badge, Box, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { eventTone } from '../lib/eventColours';
import { eventIcon } from '../lib/eventIcons';
import { formatEventTime } from '../lib/eventTime';

/** A live event as the panel shows it (SPEC.md section 3 "Real-time event"). */
export interface LiveEventItem {
  id: string;
  device_id: string;
  device_name: string;
  event_type: string;
  event_name: string;
  /** Unix seconds or a date string, as VORTEX sends it. */
  local_time: number | string;
}

export interface LiveEventsPanelProps {
  /** Newest first (the realtime store keeps that order). */
  events: readonly LiveEventItem[];
  connected: boolean;
  /** Why the stream is down ('Connection to real-time events lost', ...), else null. */
  error?: string | null;
  activeId: string | null;
  /** Marks the event active; the panel then navigates to /events. */
  onSelect: (id: string) => void;
  onClose: () => void;
  nowMs: number;
}

/**
 * The Live Events side panel (SPEC.md section 2): 20rem wide on the right. Each event
 * shows an icon by type, its name, its time, a link to its device and its type.
 */
export function LiveEventsPanel({ events, connected, error = null, activeId, onSelect, onClose, nowMs }: LiveEventsPanelProps) {
  return (
    <aside className="fw-events-panel" aria-label="Live events">
      <Flex align="center" justify="between" px="4" style={{ height: 56, borderBottom: '1px solid var(--gray-a5)' }}>
        <Heading as="h2" size="3">
          Live Events
        </Heading>
        <IconButton variant="ghost" color="gray" aria-label="Close live events" onClick={onClose}>
          <Cross2Icon />
        </IconButton>
      </Flex>
      {error && (
        <Text as="p" size="1" color="red" role="status" mx="4" my="2">
          {error}
        </Text>
      )}
      {events.length === 0 ? (
        <Flex flexGrow="1" align="center" justify="center" p="5">
          <Text size="2" color="gray" align="center">
            {connected ? 'Waiting for live events...' : 'Connect to see live events'}
          </Text>
        </Flex>
      ) : (
        // A plain scroller: Radix's ScrollArea sizes its content to the widest row, which
        // defeats the truncation and pushes times and badges out of the 20rem panel.
        <div className="fw-scroll-y" style={{ flex: 1 }}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {events.map((event) => {
              const Icon = eventIcon(event.event_type);
              const tone = eventTone(event.event_type);
              return (
                <li key={event.id}>
                  <div
                    role="button"
                    tabIndex={0}
                    className="fw-event-row"
                    data-active={event.id === activeId}
                    onClick={() => onSelect(event.id)}
                    onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(event.id)}
                  >
                    <Box pt="1" style={{ color: `var(--${tone}-9)` }}>
                      <Icon />
                    </Box>
                    <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
                      <Flex justify="between" gap="2">
                        <Text size="2" weight="medium" truncate>
                          {event.event_name}
                        </Text>
                        <Text size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
                          {formatEventTime(event.local_time, nowMs)}
                        </Text>
                      </Flex>
                      <Flex justify="between" align="center" gap="2">
                        <Link
                          href={`/devices/${encodeURIComponent(event.device_id)}`}
                          onClick={(e) => e.stopPropagation()}
                          style={{ color: 'var(--accent-11)', fontSize: 'var(--font-size-1)' }}
                        >
                          {event.device_name || event.device_id}
                        </Link>
                        <Badge color={tone} variant="soft" size="1">
                          {event.event_type}
                        </Badge>
                      </Flex>
                    </Flex>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </aside>
  );
}
