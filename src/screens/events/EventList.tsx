import { useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Flex, Text } from '@radix-ui/themes';
import { ActivityLogIcon } from '@radix-ui/react-icons';
import type { EventListQuery } from '../../api/events';
import type { Device } from '../../api/types';
import { eventListFamily, resolveAlertAtom } from '../../atoms/events.atoms';
import { lazyOnIdle, usePreload } from '../../lib/lazyOnIdle';
import { useErrorToast } from '../../lib/useErrorToast';
import { EmptyState } from '../common/EmptyState';
import { LoadError } from '../common/LoadError';
import { TableSkeleton } from '../common/TableSkeleton';

/**
 * The table (Radix Themes' table and scroll area, the rows with their snapshot cache and
 * icons) loads once the list has painted, alongside the events (issue 5 "Weight of the
 * pages"); the skeleton stays until it is in.
 */
const EventTable = lazyOnIdle(() => import('./EventTable').then((m) => m.EventTable), () => true, <TableSkeleton />);

const NO_EVENTS = {
  title: 'No events yet',
  description: 'Events appear here as your VORTEX cameras report them. Connect VORTEX in Settings to start receiving them.',
};

export interface EventListProps {
  /** The resolved `GET /v1/events` filters; the same object while the filters stay. */
  query: EventListQuery;
  /** True when the user narrowed the list (the empty state says so). */
  filtered: boolean;
  /** What an empty, unfiltered list says instead of the events screen's words (a device's own list). */
  empty?: { title: string; description: string };
  devices: readonly Device[];
  /** The event to highlight and scroll to, else null. */
  activeId: string | null;
  nowMs: number;
}

/**
 * The stored events for `query`, newest first, 50 a page with "Load more" (cursor
 * paging). Failures show inline and as a toast ('Failed to load events').
 */
export function EventList({ query, filtered, empty = NO_EVENTS, devices, activeId, nowMs }: EventListProps) {
  const result = useAtomValue(eventListFamily(query));
  const resolve = useAtomValue(resolveAlertAtom);
  const errorMessage = useErrorToast(result.error, 'Failed to load events');

  // The family keeps one atom per filter set; drop this one when the filters move on.
  useEffect(() => () => eventListFamily.remove(query), [query]);

  const events = useMemo(() => result.data?.pages.flatMap((page) => page.events) ?? [], [result.data]);
  const devicesById = useMemo(() => new Map(devices.map((d) => [d.device_id, d])), [devices]);
  usePreload(EventTable);

  if (result.isPending) return <TableSkeleton />;
  if (!result.data) return <LoadError message={errorMessage ?? 'Failed to load events'} onRetry={() => void result.refetch()} />;
  if (events.length === 0) {
    return (
      <EmptyState
        icon={<ActivityLogIcon width={22} height={22} />}
        title={filtered ? 'No events match these filters' : empty.title}
        description={filtered ? 'Try another device, type or time range.' : empty.description}
      />
    );
  }

  return (
    <Flex direction="column" gap="3">
      <EventTable events={events} devicesById={devicesById} activeId={activeId} nowMs={nowMs} onResolve={(alertId) => resolve.mutate(alertId)} />
      {errorMessage && (
        <Text size="2" color="red" role="alert">
          {errorMessage}
        </Text>
      )}
      {result.hasNextPage && (
        <Flex justify="center">
          <Button variant="soft" loading={result.isFetchingNextPage} onClick={() => void result.fetchNextPage()}>
            Load more
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
