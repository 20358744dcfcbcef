/**
 * The realtime bridge (DESIGN.md "Real time", SPEC.md sections 4, 5, 8 and 9): runs one
 * `eventStreamMachine` with the real EventSource edge for as long as it is mounted, drives
 * it from the auth actor, and feeds the realtime atoms, alert toasts and query refreshes.
 *
 * - Auth: `auth.ready` once auth is initialised (the machine waits 500 ms, then connects
 *   when authenticated), `token.changed` after a refresh (the stream reopens with the new
 *   token and `?last_event_id=`), `auth.signedOut` on sign-out (stream closed, atoms cleared).
 * - A dropped stream whose access token has expired asks the session for a refresh: an
 *   EventSource cannot tell a 401 from a network error, and retrying with a dead token
 *   would fail every second until some API call happened to refresh it.
 * - Each new alert event shows a toast whose action opens the device on its floor, and
 *   marks the alert and notification queries stale.
 * Unmounting stops the machine, which closes the connection.
 */
import { useEffect, useEffectEvent } from 'react';
import { useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { alertKeys } from '../api/alerts';
import { eventKeys } from '../api/events';
import { deviceQueryOptions } from '../api/devices';
import { createEventSourceActor } from '../api/eventSource';
import { notificationKeys } from '../api/notifications';
import {
  clearRealtimeAtom,
  receiveRealtimeEventAtom,
  setLastEventIdAtom,
  setRealtimeConnectionAtom,
} from '../atoms/realtime.atoms';
import type { RealtimeConnectionStatus } from '../atoms/realtime.atoms';
import { authSessionPort, useAuthActor } from '../atoms/session.atoms';
import type { AuthActor } from '../atoms/session.atoms';
import { alertToast, deviceLocationPath, raisesOpenAlert } from '../lib/alertToast';
import { logger } from '../lib/logger';
import type { RealtimeEvent } from '../lib/realtimeEvents';
import { streamAuthEvents } from '../lib/realtimeAuth';
import type { StreamAuthView } from '../lib/realtimeAuth';
import { toaster } from '../lib/toaster';
import { isTokenExpired } from '../machines/authMachine';
import { eventStreamMachine } from '../machines/eventStreamMachine';

type StreamSnapshot = SnapshotFrom<typeof eventStreamMachine>;

function authView(actor: AuthActor): StreamAuthView & { expiresAt: string | null; refreshing: boolean } {
  const snapshot = actor.getSnapshot();
  const authenticated = snapshot.hasTag('authenticated');
  const session = authenticated ? snapshot.context.session : null;
  return {
    initialised: snapshot.hasTag('initialised'),
    authenticated,
    token: session?.access_token ?? null,
    expiresAt: session?.expires_at ?? null,
    refreshing: snapshot.hasTag('refreshing'),
  };
}

function connectionStatus(snapshot: StreamSnapshot): RealtimeConnectionStatus {
  if (snapshot.hasTag('connected')) return 'connected';
  if (snapshot.hasTag('error')) return 'error';
  return 'connecting';
}

/** Mount once inside the app's providers and router; renders nothing. */
export function RealtimeBridge() {
  const authActor = useAuthActor();
  const store = useStore();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const showOnFloor = useEffectEvent(async (event: RealtimeEvent) => {
    const deviceId = event.mapped_device_id ?? event.device_id;
    let floorId: string | null = null;
    try {
      floorId = (await queryClient.fetchQuery(deviceQueryOptions(deviceId))).floor_id;
    } catch (error) {
      // An unknown device still has a page that says so.
      logger.error(`Could not look up the floor of device ${deviceId}`, error);
    }
    navigate(deviceLocationPath(deviceId, floorId));
  });

  const deliver = useEffectEvent((event: RealtimeEvent) => {
    const now = Date.now();
    if (!store.set(receiveRealtimeEventAtom, event, now)) return;
    // An open events screen shows the new event too (only active lists refetch).
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    if (!raisesOpenAlert(event)) return;
    // The toast stack is another actor: start its transition after this machine's action ends.
    queueMicrotask(() => toaster.show(alertToast(event, now, () => void showOnFloor(event))));
    void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });

  useEffect(() => {
    const stream = createActor(
      eventStreamMachine.provide({
        actors: { eventSource: createEventSourceActor() },
        actions: { deliverEvent: (_, params) => deliver(params.event) },
      }),
      { input: {} },
    );
    let refreshAsked = false;
    const onStream = (snapshot: StreamSnapshot) => {
      const { error, lastEventId } = snapshot.context;
      store.set(setRealtimeConnectionAtom, { status: connectionStatus(snapshot), error });
      store.set(setLastEventIdAtom, lastEventId);
      if (!snapshot.hasTag('error')) {
        refreshAsked = false;
        return;
      }
      const auth = authView(authActor);
      if (refreshAsked || auth.refreshing || auth.expiresAt === null || !isTokenExpired(auth.expiresAt, Date.now())) return;
      refreshAsked = true;
      authSessionPort(authActor)
        .refreshAccessToken()
        .catch((reason: unknown) => logger.error('Could not refresh the session for real-time events', reason));
    };
    const streamSubscription = stream.subscribe(onStream);
    stream.start();

    let previous: StreamAuthView | null = null;
    const onAuth = () => {
      const next = authView(authActor);
      for (const event of streamAuthEvents(previous, next)) {
        if (event.type === 'auth.signedOut') store.set(clearRealtimeAtom);
        if (event.type === 'token.changed') refreshAsked = false;
        stream.send(event);
      }
      previous = next;
    };
    const authSubscription = authActor.subscribe(onAuth);
    onAuth();

    return () => {
      authSubscription.unsubscribe();
      streamSubscription.unsubscribe();
      stream.stop();
    };
  }, [authActor, store]);

  return null;
}
