import { Suspense, lazy, useCallback, useEffect } from 'react';
import type { ComponentType } from 'react';
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
import type { LiveEventsPanelProps } from './LiveEventsPanel';

let loaded: ComponentType<LiveEventsPanelProps> | null = null;
const loadPanel = () => import('./LiveEventsPanel').then((module) => (loaded = module.LiveEventsPanel));
/** For a panel opened before the idle-time load below is in. */
const LazyPanel = lazy(() => loadPanel().then((component) => ({ default: component })));

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
  // The panel (its rows, event icons and colours) is closed at first: it loads once the page
  // is idle (issue 5 "Weight of the pages"), so opening it shows it at once.
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 0));
    whenIdle(() => void loadPanel().catch(() => undefined));
  }, []);
  const onSelect = useCallback(
    (id: string) => {
      select(id);
      navigate('/events');
    },
    [select, navigate],
  );
  if (!open) return null;
  const Panel = loaded ?? LazyPanel;
  return (
    <Suspense fallback={<aside className="fw-events-panel" aria-label="Live events" aria-busy="true" />}>
      <Panel
        events={events}
        connected={connection.status === 'connected'}
        error={connection.status === 'connected' ? null : connection.error}
        activeId={activeId}
        onSelect={onSelect}
        onClose={() => setOpen(false)}
        nowMs={now}
      />
    </Suspense>
  );
}
