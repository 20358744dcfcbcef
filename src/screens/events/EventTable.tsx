import { useEffect, useRef } from 'react';
import { Table } from '@radix-ui/themes';
import type { EventRecord } from '../../api/events';
import type { Device } from '../../api/types';
import { TableHead } from '../common/TableHead';
import { TableName } from '../common/TableName';
import { EventRow } from './EventRow';
import { snapshotSourceOf } from './snapshotSource';

export interface EventTableProps {
  events: readonly EventRecord[];
  devicesById: ReadonlyMap<string, Device>;
  /** The event to highlight and scroll to, else null. */
  activeId: string | null;
  nowMs: number;
  onResolve: (alertId: string) => void;
}

/**
 * The events' table (`EventList`), newest first: a module of its own that loads while the
 * events do (issue 5 "Weight of the pages"). Scrolls the active event into view once shown.
 */
export function EventTable({ events, devicesById, activeId, nowMs, onResolve }: EventTableProps) {
  const activeRow = useRef<HTMLTableRowElement | null>(null);
  const activeShown = activeId !== null && events.some((e) => e.id === activeId);

  useEffect(() => {
    if (activeShown) activeRow.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [activeId, activeShown]);

  return (
    <Table.Root variant="surface" className="fw-events-table">
      <TableName>Events</TableName>
      <TableHead columns={['Snapshot', 'Event', 'Type', 'Device', 'Time', 'Alert']} />
      <Table.Body>
        {events.map((event) => (
          <EventRow
            key={event.id}
            ref={event.id === activeId ? activeRow : undefined}
            event={event}
            snapshotDevice={snapshotSourceOf(event, devicesById)}
            active={event.id === activeId}
            nowMs={nowMs}
            onResolve={onResolve}
          />
        ))}
      </Table.Body>
    </Table.Root>
  );
}
