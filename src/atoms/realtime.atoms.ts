/**
 * The realtime store (SPEC.md sections 2, 3, 4 and 9; DESIGN.md "Real time"): live events
 * newest first (at most 20 kept, the latest 10 exposed), one indicator per device that a
 * newer event replaces, the stream's connection status and message, the last event id
 * seen, the event marked active in the Live Events panel, and whether that panel is open.
 *
 * The realtime bridge (`src/layout/RealtimeBridge.tsx`) is the only writer of the stream
 * state; screens read the derived atoms. Pure list rules live in `src/lib/realtimeEvents.ts`.
 */
import { atom } from 'jotai';
import {
  addRealtimeEvent,
  latestRealtimeEvents,
  recordLiveIndicator,
} from '../lib/realtimeEvents';
import type { LiveDeviceIndicators, RealtimeEvent } from '../lib/realtimeEvents';

/** SPEC.md section 4 "Event stream": the three states the UI tells apart. */
export type RealtimeConnectionStatus = 'connecting' | 'connected' | 'error';

/** The stream's state as the UI shows it; `error` is the message to show, else null. */
export interface RealtimeConnection {
  status: RealtimeConnectionStatus;
  error: string | null;
}

const keptEventsAtom = atom<readonly RealtimeEvent[]>([]);
const indicatorsAtom = atom<LiveDeviceIndicators>({});
const connectionAtom = atom<RealtimeConnection>({ status: 'connecting', error: null });
const lastEventIdBaseAtom = atom<string | null>(null);
const activeEventIdBaseAtom = atom<string | null>(null);

/** The latest 10 live events, newest first (SPEC.md section 9). */
export const realtimeEventsAtom = atom((get) => latestRealtimeEvents(get(keptEventsAtom)));

/** True once any live event arrived (the top bar's pulsing dot, SPEC.md section 2). */
export const hasRealtimeEventsAtom = atom((get) => get(keptEventsAtom).length > 0);

/** One indicator per device id (as VORTEX sent it), the newest event's (SPEC.md section 4). */
export const deviceIndicatorsAtom = atom((get) => get(indicatorsAtom));

/** The stream's status and message. */
export const realtimeConnectionAtom = atom((get) => get(connectionAtom));

/** The SSE id of the last event seen, handed to the next stream as `?last_event_id=`. */
export const lastEventIdAtom = atom((get) => get(lastEventIdBaseAtom));

/** The event marked active in the Live Events panel, else null. */
export const activeEventIdAtom = atom((get) => get(activeEventIdBaseAtom));

/** Live Events side panel open; closed by default (SPEC.md section 2). */
export const liveEventsPanelOpenAtom = atom(false);

/**
 * Takes one event from the stream, seen at `seenAt` (ms since epoch). Returns true when
 * the event is new: it is put first in the list (20 kept) and its device's indicator is
 * replaced unless that indicator holds a later event. An id already kept changes nothing
 * and returns false (a replay after reconnecting).
 */
export const receiveRealtimeEventAtom = atom(null, (get, set, event: RealtimeEvent, seenAt: number): boolean => {
  const kept = get(keptEventsAtom);
  const next = addRealtimeEvent(kept, event);
  if (next === kept) return false;
  set(keptEventsAtom, next);
  set(indicatorsAtom, recordLiveIndicator(get(indicatorsAtom), event, seenAt));
  return true;
});

/** Records the stream's state; keeps the same object when nothing changed, so readers do not re-render. */
export const setRealtimeConnectionAtom = atom(null, (get, set, connection: RealtimeConnection) => {
  const current = get(connectionAtom);
  if (current.status !== connection.status || current.error !== connection.error) set(connectionAtom, connection);
});

/** Records the SSE id of the last event seen. */
export const setLastEventIdAtom = atom(null, (_get, set, id: string | null) => set(lastEventIdBaseAtom, id));

/** Marks the live event `id` active (SPEC.md section 2: clicking an event in the panel). */
export const selectRealtimeEventAtom = atom(null, (_get, set, id: string | null) => set(activeEventIdBaseAtom, id));

/** Forgets every live event, indicator and id (on sign-out: another user may sign in next). */
export const clearRealtimeAtom = atom<null, [], void>(null, (_get, set) => {
  set(keptEventsAtom, []);
  set(indicatorsAtom, {});
  set(connectionAtom, { status: 'connecting', error: null });
  set(lastEventIdBaseAtom, null);
  set(activeEventIdBaseAtom, null);
});
