// The edge actor in jsdom with a fake EventSource class (jsdom has none), driven by the real
// eventStreamMachine. (.tsx only because the components project collects *.test.tsx.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createEventSourceActor, eventStreamUrl } from '../../src/api/eventSource';
import { eventStreamMachine } from '../../src/machines/eventStreamMachine';
import { logger } from '../../src/lib/logger';
import type { RealtimeEvent } from '../../src/lib/realtimeEvents';

/** Stands in for the browser's EventSource: records its URL and listeners, and its close. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** The server (or the browser, for `error`) dispatching `type`. */
  dispatch(type: string, init: MessageEventInit<string> = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, init));
  }
}

const latest = () => FakeEventSource.opened.at(-1)!;
const lobbyMotion: RealtimeEvent = {
  id: 'evt-41',
  device_id: 'cam-1',
  device_name: 'Lobby camera',
  mapped_device_id: '5b0c2f63-3c5a-4c1f-9d7e-1a2b3c4d5e6f',
  device_mac: '00:11:22:33:44:55',
  event_type: 'Video motion',
  event_name: 'Motion detected',
  local_time: 1_700_000_000,
};

function startStream(EventSourceClass: typeof EventSource = FakeEventSource as unknown as typeof EventSource) {
  const machine = eventStreamMachine.provide({
    actors: { eventSource: createEventSourceActor({ EventSource: EventSourceClass }) },
    actions: { logConnectFailure: () => {} },
  });
  const actor = createActor(machine, { input: {} }).start();
  actor.send({ type: 'auth.ready', authenticated: true, token: 'access-1' });
  vi.advanceTimersByTime(500);
  return actor;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('eventStreamUrl (SPEC.md section 7)', () => {
  it('puts the token, and the last event id when known, in the query', () => {
    expect(eventStreamUrl({ token: 'access-1', lastEventId: null })).toBe('/v1/events/stream?token=access-1');
    expect(eventStreamUrl({ token: 'a+b/c=', lastEventId: 'evt 9' })).toBe(
      '/v1/events/stream?token=a%2Bb%2Fc%3D&last_event_id=evt+9',
    );
  });
});

describe('eventSource actor with the event stream machine', () => {
  it('opens the stream with the token and reports connected, heartbeat and events', () => {
    const actor = startStream();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/v1/events/stream?token=access-1']);
    latest().dispatch('connected', { data: '{}' });
    expect(actor.getSnapshot().hasTag('connected')).toBe(true);
    latest().dispatch('heartbeat', { data: '{}' });
    latest().dispatch('webhook_event', { data: JSON.stringify(lobbyMotion), lastEventId: 'evt-41' });
    expect(actor.getSnapshot().context.events).toEqual([lobbyMotion]);
    expect(actor.getSnapshot().context.lastEventId).toBe('evt-41');
  });

  it('on error closes the source and reopens it after 1 s with last_event_id', () => {
    const actor = startStream();
    latest().dispatch('connected');
    latest().dispatch('webhook_event', { data: JSON.stringify(lobbyMotion), lastEventId: 'evt-41' });
    const first = latest();
    first.dispatch('error');
    expect(first.closed).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Connection to real-time events lost');
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([
      '/v1/events/stream?token=access-1',
      '/v1/events/stream?token=access-1&last_event_id=evt-41',
    ]);
    expect(latest().closed).toBe(false);
  });

  it('uses the event id when the message has no SSE id, and skips malformed events with a log line', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const actor = startStream();
    latest().dispatch('connected');
    latest().dispatch('webhook_event', { data: '{not json' });
    latest().dispatch('webhook_event', { data: JSON.stringify({ ...lobbyMotion, device_id: 7 }) });
    expect(logged).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.events).toEqual([]);
    latest().dispatch('webhook_event', { data: JSON.stringify(lobbyMotion) });
    expect(actor.getSnapshot().context.lastEventId).toBe('evt-41');
    expect(actor.getSnapshot().hasTag('connected')).toBe(true);
  });

  it('closes the source on sign-out and when the actor stops', () => {
    const actor = startStream();
    const first = latest();
    actor.send({ type: 'auth.signedOut' });
    expect(first.closed).toBe(true);
    actor.send({ type: 'auth.ready', authenticated: true, token: 'access-2' });
    vi.advanceTimersByTime(500);
    expect(latest().url).toBe('/v1/events/stream?token=access-2');
    actor.stop();
    expect(latest().closed).toBe(true);
  });

  it('shows what the EventSource constructor throws as the connect failure', () => {
    class Refusing {
      constructor() {
        throw new SyntaxError("Failed to construct 'EventSource': The URL is invalid.");
      }
    }
    const actor = startStream(Refusing as unknown as typeof EventSource);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe("Failed to construct 'EventSource': The URL is invalid.");
  });

  it('uses the global EventSource by default, read when the stream opens', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const machine = eventStreamMachine.provide({ actors: { eventSource: createEventSourceActor() } });
    const actor = createActor(machine, { input: { token: 'access-3' } }).start();
    actor.send({ type: 'auth.ready', authenticated: true, token: 'access-3' });
    vi.advanceTimersByTime(500);
    expect(latest().url).toBe('/v1/events/stream?token=access-3');
    actor.stop();
    expect(latest().closed).toBe(true);
  });
});
