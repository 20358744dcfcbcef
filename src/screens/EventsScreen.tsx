import { useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@radix-ui/themes';
import { ReloadIcon } from '@radix-ui/react-icons';
import { devicesAtom } from '../atoms/devices.atoms';
import { refreshEventsAtom } from '../atoms/events.atoms';
import { activeEventIdAtom } from '../atoms/realtime.atoms';
import { PageActions } from '../layout/PageActions';
import { PageHeader } from '../layout/PageHeader';
import { useNow } from '../lib/useNow';
import { EventFiltersBar } from './events/EventFiltersBar';
import type { EventFilters } from './events/eventFilters';
import { EventList } from './events/EventList';
import { activeEventParam, customRangeError, eventFiltersSearch, hasFilters, parseEventFilters, toEventListQuery } from './events/eventFilters';
import './events/events.css';

/** Preset ranges end "now", rounded down to this, ms, so a revisit within it reuses the cached list. */
const ANCHOR_STEP_MS = 60_000;
const anchorNow = () => Math.floor(Date.now() / ANCHOR_STEP_MS) * ANCHOR_STEP_MS;

/**
 * /events (SPEC.md section 2): stored VORTEX events newest first, filtered by device,
 * type and time range, all kept in the URL query so a link or the back button restores
 * them. The event chosen in the Live Events panel (`?event=<id>`, or the realtime store's
 * active event) is highlighted and scrolled into view.
 */
export default function EventsScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const refreshEvents = useSetAtom(refreshEventsAtom);
  const nowMs = useNow();
  const devices = useAtomValue(devicesAtom);
  const activeFromPanel = useAtomValue(activeEventIdAtom);

  const filters = useMemo(() => parseEventFilters(search), [search]);
  const filtersKey = eventFiltersSearch(filters);
  const activeId = activeEventParam(search) ?? activeFromPanel;

  // A preset range ("last hour") is fixed when the filters are chosen, so every page of
  // the list pages one result set; Refresh moves it to the present.
  const [anchor, setAnchor] = useState(() => ({ key: filtersKey, ms: anchorNow() }));
  if (anchor.key !== filtersKey) setAnchor({ key: filtersKey, ms: anchorNow() });
  const queryJson = JSON.stringify(toEventListQuery(filters, anchor.ms));
  const query = useMemo(() => JSON.parse(queryJson) as ReturnType<typeof toEventListQuery>, [queryJson]);
  const rangeError = customRangeError(filters);

  const setFilters = (next: EventFilters, options: { replace?: boolean } = {}) => {
    const nextSearch = eventFiltersSearch(next);
    navigate(nextSearch ? `/events?${nextSearch}` : '/events', options);
  };

  const refresh = () => {
    setAnchor({ key: filtersKey, ms: Date.now() });
    void refreshEvents();
  };

  return (
    <>
      <PageHeader title="Events" description="Security events reported by your VORTEX cameras, newest first." />
      <PageActions>
        <Button variant="soft" color="gray" size="2" onClick={refresh}>
          <ReloadIcon /> Refresh
        </Button>
      </PageActions>
      <EventFiltersBar filters={filters} devices={devices.data ?? []} onChange={setFilters} nowMs={nowMs} />
      {!rangeError && (
        <EventList query={query} filtered={hasFilters(filters)} devices={devices.data ?? []} activeId={activeId} nowMs={nowMs} />
      )}
    </>
  );
}
