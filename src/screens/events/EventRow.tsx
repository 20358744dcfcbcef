import type { Ref } from 'react';
import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import type { EventRecord } from '../../api/events';
import { eventTone } from '../../lib/eventColours';
import { eventIcon } from '../../lib/eventIcons';
import { formatEventTime } from '../../lib/eventTime';
import type { SnapshotDevice } from '../../lib/snapshotCache/policy';
import { AppLink } from '../common/AppLink';
import { EventSnapshot } from './EventSnapshot';
import { eventDeviceHref } from './snapshotSource';

export interface EventRowProps {
  event: EventRecord;
  /** The camera to ask for the snapshot, or null for no thumbnail. */
  snapshotDevice: SnapshotDevice | null;
  active: boolean;
  nowMs: number;
  onResolve: (alertId: string) => void;
  ref?: Ref<HTMLTableRowElement>;
}

/**
 * One event: snapshot, icon and name, type badge in the type's colour (SPEC.md section 9),
 * device link, time by the spec's rule, and the alert with its Resolve button.
 */
export function EventRow({ event, snapshotDevice, active, nowMs, onResolve, ref }: EventRowProps) {
  const tone = eventTone(event.event_type);
  const Icon = eventIcon(event.event_type);
  const name = event.event_name || event.event_type;
  const deviceName = event.device_name || event.device_id;
  const when = new Date(event.local_time * 1000);
  const readable = !Number.isNaN(when.getTime());
  return (
    <Table.Row ref={ref} align="center" data-active={active} data-event-id={event.id} aria-current={active ? 'true' : undefined}>
      <Table.Cell>
        {snapshotDevice ? (
          <EventSnapshot device={snapshotDevice} eventTimestamp={event.local_time} label={`${name}, ${deviceName}`} />
        ) : (
          <Text color="gray">—</Text>
        )}
      </Table.Cell>
      <Table.RowHeaderCell>
        <Flex align="center" gap="2">
          <span style={{ color: `var(--${tone}-9)`, display: 'inline-flex' }} aria-hidden>
            <Icon />
          </span>
          <Text weight="medium">{name}</Text>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Badge color={tone} variant="soft">
          {event.event_type}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <AppLink href={eventDeviceHref(event)}>{deviceName}</AppLink>
        {event.mapped_device_id === null && (
          <Text as="div" size="1" color="gray">
            Not registered
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text size="2" color="gray" title={readable ? when.toLocaleString() : undefined} style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={readable ? when.toISOString() : undefined}>{formatEventTime(event.local_time, nowMs)}</time>
        </Text>
      </Table.Cell>
      <Table.Cell>
        {event.alert === null ? (
          <Text color="gray">—</Text>
        ) : event.alert.resolved ? (
          <Badge color="green" variant="soft">
            <CheckCircledIcon /> Resolved
          </Badge>
        ) : (
          <Button size="1" variant="soft" color="red" onClick={() => event.alert && onResolve(event.alert.id)}>
            Resolve
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
