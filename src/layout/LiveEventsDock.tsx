import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import {
  activeEventIdAtom,
  liveEventsPanelOpenAtom,
  realtimeConnectionAtom,
  realtimeEventsAtom,
  selectRealtimeEventAtom,
} from '../atoms/realtime.atoms';
import { useNow } from '../lib/useNow';
import { LiveEventsPanel } from './LiveEventsPanel';

/**
 * The Live Events panel fed from the realtime store (SPEC.md section 2): shown while open,
 * the latest 10 events newest first; clicking one marks it active and goes to /events.
 */
export function LiveEventsDock() {
  const open = useAtomValue(liveEventsPanelOpenAtom);
  const setOpen = useSetAtom(liveEventsPanelOpenAtom);
  const events = useAtomValue(realtimeEventsAtom);
  const connection = useAtomValue(realtimeConnectionAtom);
  const activeId = useAtomValue(activeEventIdAtom);
  const select = useSetAtom(selectRealtimeEventAtom);
  const [, navigate] = useLocation();
  const now = useNow();
  const onSelect = useCallback(
    (id: string) => {
      select(id);
      navigate('/events');
    },
    [select, navigate],
  );
  if (!open) return null;
  return (
    <LiveEventsPanel
      events={events}
      connected={connection.status === 'connected'}
      error={connection.status === 'connected' ? null : connection.error}
      activeId={activeId}
      onSelect={onSelect}
      onClose={() => setOpen(false)}
      nowMs={now}
    />
  );
}
