import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getPathsFromEvents, getShortestPaths, getSimplePaths, toDirectedGraph } from 'xstate/graph';
import {
  EVENT_STREAM_CONNECT_DELAY_MS,
  EVENT_STREAM_RECONNECT_DELAY_MS,
  eventStreamMachine,
} from '../../src/machines/eventStreamMachine';
import type {
  EventSourceInput,
  EventStreamEvent,
  EventStreamInput,
  StreamEvent,
} from '../../src/machines/eventStreamMachine';
import type { RealtimeEvent } from '../../src/lib/realtimeEvents';
import { replayPath } from './pathRunner';
import type { PathStep } from './pathRunner';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const realtimeEvent = (n: number): RealtimeEvent => ({
  id: `evt-${n}`,
  device_id: `cam-${n}`,
  device_name: `Camera ${n}`,
  mapped_device_id: null,
  device_mac: null,
  event_type: 'Video motion',
  event_name: 'Motion detected',
  local_time: 1_700_000_000 + n,
});
const message = (n: number): StreamEvent => ({ type: 'stream.message', event: realtimeEvent(n), lastEventId: `evt-${n}` });

/**
 * A fake `eventSource` actor: records each connection it opens and closes, lets the test
 * speak as the open stream (`emit`), throws on open when told to (`failNextOpen`), and
 * fails a running connection when sent `fake.fail` (how a replay produces the actor's
 * error event at the step the model takes it).
 */
function fakeEventSource() {
  const opened: EventSourceInput[] = [];
  const closed: EventSourceInput[] = [];
  const openFailures: unknown[] = [];
  let current: { sendBack: (event: StreamEvent) => void } | null = null;
  const actor = fromCallback<EventObject, EventSourceInput>(({ input, sendBack, receive }) => {
    if (openFailures.length > 0) throw openFailures.shift();
    const connection = { sendBack };
    opened.push(input);
    current = connection;
    receive((event) => {
      if (event.type === 'fake.fail') throw (event as EventObject & { error: unknown }).error;
    });
    return () => {
      closed.push(input);
      if (current === connection) current = null;
    };
  });
  const emit = (event: StreamEvent) => {
    if (!current) throw new Error(`${event.type} sent with no open connection`);
    current.sendBack(event);
  };
  return { actor, opened, closed, emit, failNextOpen: (error: unknown) => openFailures.push(error) };
}

function start(input: EventStreamInput = {}) {
  const stream = fakeEventSource();
  const deliverEvent = vi.fn();
  const logConnectFailure = vi.fn();
  const machine = eventStreamMachine.provide({ actors: { eventSource: stream.actor }, actions: { deliverEvent, logConnectFailure } });
  const actor = createActor(machine, { input }).start();
  return { actor, stream, deliverEvent, logConnectFailure };
}

/** Signed in with `access-1`, past the 500 ms delay, and told `connected` by the server. */
function connected() {
  const sut = start();
  sut.actor.send({ type: 'auth.ready', authenticated: true, token: 'access-1' });
  vi.advanceTimersByTime(EVENT_STREAM_CONNECT_DELAY_MS);
  sut.stream.emit({ type: 'stream.open' });
  return sut;
}

describe('eventStreamMachine timings (SPEC.md section 9)', () => {
  it('connects 500 ms after auth is initialised and authenticated', () => {
    expect(EVENT_STREAM_CONNECT_DELAY_MS).toBe(500);
    const { actor, stream } = start();
    vi.advanceTimersByTime(10_000);
    expect(stream.opened).toEqual([]);
    actor.send({ type: 'auth.ready', authenticated: true, token: 'access-1' });
    expect(actor.getSnapshot().hasTag('connecting')).toBe(true);
    vi.advanceTimersByTime(499);
    expect(stream.opened).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(stream.opened).toEqual([{ token: 'access-1', lastEventId: null }]);
    expect(actor.getSnapshot().context.attempts).toBe(1);
  });

  it('never connects when auth initialises signed out', () => {
    const { actor, stream } = start();
    actor.send({ type: 'auth.ready', authenticated: false, token: null });
    vi.advanceTimersByTime(10_000);
    expect(stream.opened).toEqual([]);
    expect(actor.getSnapshot().hasTag('connecting')).toBe(false);
  });

  it('is connected once the server says so, by connected or by a heartbeat', () => {
    const { actor } = connected();
    expect(actor.getSnapshot().hasTag('connected')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, attempts: 0 });
    const other = start();
    other.actor.send({ type: 'auth.ready', authenticated: true, token: 'access-1' });
    vi.advanceTimersByTime(500);
    other.stream.emit({ type: 'stream.heartbeat' });
    expect(other.actor.getSnapshot().hasTag('connected')).toBe(true);
  });
});

describe('eventStreamMachine events (SPEC.md section 9: 20 kept, newest first)', () => {
  it('keeps events newest first, remembers the last id and delivers each new event once', () => {
    const { actor, stream, deliverEvent } = connected();
    stream.emit(message(1));
    stream.emit(message(2));
    stream.emit(message(1));
    const { context } = actor.getSnapshot();
    expect(context.events.map((e) => e.id)).toEqual(['evt-2', 'evt-1']);
    expect(context.lastEventId).toBe('evt-1');
    expect(deliverEvent.mock.calls.map(([, params]) => (params as { event: RealtimeEvent }).event.id)).toEqual(['evt-1', 'evt-2']);
  });

  it('keeps at most 20 events', () => {
    const { actor, stream } = connected();
    for (let n = 1; n <= 23; n += 1) stream.emit(message(n));
    const { events } = actor.getSnapshot().context;
    expect(events).toHaveLength(20);
    expect([events[0]?.id, events[19]?.id]).toEqual(['evt-23', 'evt-4']);
  });
});

describe('eventStreamMachine errors and reconnects (SPEC.md sections 4, 5, 8)', () => {
  it('on a stream error closes the connection, sets the message, and reconnects after 1 s with the last event id', () => {
    expect(EVENT_STREAM_RECONNECT_DELAY_MS).toBe(1_000);
    const { actor, stream } = connected();
    stream.emit(message(7));
    stream.emit({ type: 'stream.error' });
    expect(stream.closed).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe('Connection to real-time events lost');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    vi.advanceTimersByTime(999);
    expect(stream.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(stream.opened).toEqual([
      { token: 'access-1', lastEventId: null },
      { token: 'access-1', lastEventId: 'evt-7' },
    ]);
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual(['evt-7']);
    stream.emit({ type: 'stream.open' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('counts the attempts while the stream keeps failing', () => {
    const { actor, stream } = connected();
    stream.emit({ type: 'stream.error' });
    vi.advanceTimersByTime(1_000);
    stream.emit({ type: 'stream.error' });
    vi.advanceTimersByTime(1_000);
    expect(actor.getSnapshot().context.attempts).toBe(2);
    expect(stream.opened).toHaveLength(3);
  });

  it('without an access token sets the spec message and opens nothing', () => {
    const { actor, stream } = start();
    actor.send({ type: 'auth.ready', authenticated: true, token: null });
    vi.advanceTimersByTime(500);
    expect(actor.getSnapshot().context.error).toBe('No authentication token available for SSE connection');
    vi.advanceTimersByTime(60_000);
    expect(stream.opened).toEqual([]);
    actor.send({ type: 'token.changed', token: 'access-2' });
    expect(stream.opened).toEqual([{ token: 'access-2', lastEventId: null }]);
  });

  it('logs a connection that cannot open and keeps its message, else the spec fallback', () => {
    const failing = start();
    const invalid = new SyntaxError('Invalid URL');
    failing.stream.failNextOpen(invalid);
    failing.actor.send({ type: 'auth.ready', authenticated: true, token: 'access-1' });
    vi.advanceTimersByTime(500);
    expect(failing.actor.getSnapshot().context.error).toBe('Invalid URL');
    expect(failing.logConnectFailure.mock.calls.map(([, params]) => params)).toEqual([{ error: invalid }]);
    vi.advanceTimersByTime(60_000);
    expect(failing.stream.opened).toEqual([]);

    const silent = start({ token: 'access-1' });
    silent.stream.failNextOpen({});
    silent.actor.send({ type: 'auth.ready', authenticated: true, token: 'access-1' });
    vi.advanceTimersByTime(500);
    expect(silent.actor.getSnapshot().context.error).toBe('Failed to connect to real-time events');
  });

  it('reopens the stream with a refreshed token, and fails without one', () => {
    const { actor, stream } = connected();
    stream.emit(message(3));
    actor.send({ type: 'token.changed', token: 'access-2' });
    expect(stream.closed).toEqual([{ token: 'access-1', lastEventId: null }]);
    expect(stream.opened.at(-1)).toEqual({ token: 'access-2', lastEventId: 'evt-3' });
    actor.send({ type: 'token.changed', token: null });
    expect(stream.closed).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBe('No authentication token available for SSE connection');
  });
});

describe('eventStreamMachine clean-up (SPEC.md section 4)', () => {
  it('closes the connection and forgets the session on sign-out, and can start again', () => {
    const { actor, stream } = connected();
    stream.emit(message(1));
    actor.send({ type: 'auth.signedOut' });
    expect(stream.closed).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('stopped')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ token: null, lastEventId: null, error: null, events: [], attempts: 0 });
    vi.advanceTimersByTime(60_000);
    expect(stream.opened).toHaveLength(1);
    actor.send({ type: 'auth.ready', authenticated: true, token: 'access-9' });
    vi.advanceTimersByTime(500);
    expect(stream.opened.at(-1)).toEqual({ token: 'access-9', lastEventId: null });
  });

  it('closes the connection when the actor stops (unmount)', () => {
    const { actor, stream } = connected();
    actor.stop();
    expect(stream.closed).toEqual([{ token: 'access-1', lastEventId: null }]);
  });

  it('cancels the pending connect when stopped during the 500 ms delay', () => {
    const { actor, stream } = start();
    actor.send({ type: 'auth.ready', authenticated: true, token: 'access-1' });
    actor.stop();
    vi.advanceTimersByTime(10_000);
    expect(stream.opened).toEqual([]);
  });

  it('stream.stop closes the connection but keeps the events', () => {
    const { actor, stream } = connected();
    stream.emit(message(4));
    actor.send({ type: 'stream.stop' });
    expect(stream.closed).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('stopped')).toBe(true);
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual(['evt-4']);
  });
});

// --- Model-based: paths from xstate/graph replayed on a live actor with the fake stream. ---

type Snapshot = SnapshotFrom<typeof eventStreamMachine>;
const ev = (event: object) => event as EventStreamEvent;
const signIn = ev({ type: 'auth.ready', authenticated: true, token: 'access-1' });
const connectDelay = ev({ type: 'xstate.after.connectDelay.eventStream.waiting' });
const reconnectDelay = ev({ type: 'xstate.after.reconnectDelay.eventStream.reconnecting' });
const openFailed = ev({ type: 'xstate.error.actor.eventSource', error: new SyntaxError('Invalid URL') });
const refreshed = ev({ type: 'token.changed', token: 'access-2' });
const tokenLost = ev({ type: 'token.changed', token: null });
const DELAYS: Record<string, number> = { connectDelay: EVENT_STREAM_CONNECT_DELAY_MS, reconnectDelay: EVENT_STREAM_RECONNECT_DELAY_MS };

/** The model's events in each state (the ones that can happen there). */
const MENU: Record<string, EventStreamEvent[]> = {
  idle: [signIn, ev({ type: 'auth.ready', authenticated: true, token: null }), refreshed, ev({ type: 'stream.stop' })],
  waiting: [connectDelay, ev({ type: 'auth.signedOut' })],
  'live.connecting': [ev({ type: 'stream.open' }), ev({ type: 'stream.heartbeat' }), ev({ type: 'stream.error' }), openFailed, refreshed, tokenLost],
  'live.connected': [message(1), ev({ type: 'stream.error' }), refreshed, tokenLost, ev({ type: 'auth.signedOut' }), ev({ type: 'stream.stop' })],
  reconnecting: [reconnectDelay, tokenLost],
  error: [refreshed, tokenLost],
  stopped: [signIn],
};
const stateKey = (snapshot: Snapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : `live.${String((snapshot.value as { live: string }).live)}`;
const modelEvents = (snapshot: Snapshot) => MENU[stateKey(snapshot)] ?? [];

/** The graph walks a machine whose actions and actor do nothing; replays use the fakes. */
const modelMachine = eventStreamMachine.provide({
  actors: { eventSource: fromCallback<EventObject, EventSourceInput>(() => () => {}) },
  actions: { logConnectFailure: () => {}, deliverEvent: () => {} },
});
/**
 * The graph keeps one snapshot per serialized state, so a step's planned snapshot matches a
 * live one only in what the serialization holds: replays compare exactly that, plus tags.
 */
const lifecycleView = (s: Snapshot) => ({ value: s.value, tags: [...s.tags].sort(), error: s.context.error, hasToken: Boolean(s.context.token) });
const messageView = (s: Snapshot) => ({ ...lifecycleView(s), lastEventId: s.context.lastEventId, events: s.context.events.map((e) => e.id) });
const lifecycle = (s: Snapshot) => JSON.stringify(lifecycleView(s));

/** Replays `steps` on a live actor: delays pass on fake time, stream events come from the open fake. */
async function replay(steps: readonly PathStep<Snapshot>[], describe: (s: Snapshot) => unknown = lifecycleView) {
  const sut = start();
  await replayPath(steps, {
    describe,
    snapshot: () => sut.actor.getSnapshot(),
    perform: (event, kind) => {
      if (kind.kind === 'after') vi.advanceTimersByTime(DELAYS[kind.delay]!);
      else if (kind.kind === 'error') sut.actor.getSnapshot().children.eventSource?.send({ type: 'fake.fail', error: kind.error } as EventObject);
      else if (kind.kind === 'done') throw new Error(`unexpected ${event.type}`);
      else if (event.type === 'stream.stop' || !event.type.startsWith('stream.')) sut.actor.send(event as EventStreamEvent);
      else sut.stream.emit(event as StreamEvent);
    },
  });
  return sut;
}

const pathsFromEvents = (events: EventStreamEvent[]) =>
  getPathsFromEvents(modelMachine, events, { serializeState: (s) => JSON.stringify(messageView(s)), fromState: createActor(modelMachine, { input: {} }).getSnapshot() });
const label = (steps: readonly PathStep<Snapshot>[]) => steps.map((s) => s.event.type).join(' > ');

describe('eventStreamMachine (model-based)', () => {
  const shortest = getShortestPaths(modelMachine, { events: modelEvents, serializeState: lifecycle });
  for (const path of shortest) {
    it(`shortest to ${lifecycle(path.state)}: ${label(path.steps)}`, async () => {
      await replay(path.steps);
    });
  }

  it('reaches every state and every message by shortest paths', () => {
    expect([...new Set(shortest.map((p) => stateKey(p.state)))].sort()).toEqual(
      ['error', 'idle', 'live.connected', 'live.connecting', 'reconnecting', 'stopped', 'waiting'],
    );
    expect([...new Set(shortest.map((p) => p.state.context.error))].sort()).toEqual([
      'Connection to real-time events lost',
      'Invalid URL',
      'No authentication token available for SSE connection',
      null,
    ]);
  });

  // Message transitions change only the event list, so they get their own simple paths from
  // a connected stream, serialized by that list; the life cycle is serialized without it.
  const [toConnected] = pathsFromEvents([signIn, connectDelay, ev({ type: 'stream.open' })]);
  const messageFlow = getSimplePaths(modelMachine, {
    events: [message(1), message(2)],
    fromState: toConnected!.state,
    serializeState: (s) => JSON.stringify(messageView(s)),
  }).map((p) => [...toConnected!.steps, ...p.steps.slice(1)]);
  const lifecyclePaths = getSimplePaths(modelMachine, { events: modelEvents, serializeState: lifecycle }).map((p) => p.steps);
  const simple = [...lifecyclePaths, ...messageFlow];

  it('walks every transition of the machine in its simple paths', () => {
    const all = new Map<unknown, string>();
    const collect = (graph: ReturnType<typeof toDirectedGraph>): void => {
      for (const edge of graph.edges) all.set(edge.transition, `${edge.source.id} ${edge.label.text} -> ${edge.target.id}`);
      graph.children.forEach(collect);
    };
    collect(toDirectedGraph(modelMachine));
    const walked = new Set<unknown>();
    for (const steps of simple) {
      steps.forEach((step, i) => {
        const before = steps[i - 1]?.state;
        if (before) modelMachine.getTransitionData(before, step.event as EventStreamEvent).forEach((t) => walked.add(t));
      });
    }
    expect([...all.keys()].filter((t) => !walked.has(t)).map((t) => all.get(t))).toEqual([]);
    expect(all.size).toBe(19);
  });

  it(`replays all ${lifecyclePaths.length} simple paths of the life cycle`, async () => {
    expect(lifecyclePaths.length).toBeGreaterThan(100);
    for (const steps of lifecyclePaths) await replay(steps);
  });

  it(`replays all ${messageFlow.length} simple paths of the message flow`, async () => {
    expect(messageFlow.length).toBeGreaterThan(2);
    for (const steps of messageFlow) await replay(steps, messageView);
  });

  it('named path: lost, then back after 1 s with last_event_id', async () => {
    const [path] = pathsFromEvents([signIn, connectDelay, ev({ type: 'stream.open' }), message(5), ev({ type: 'stream.error' }), reconnectDelay]);
    expect(path!.steps.map((s) => stateKey(s.state))).toEqual(['idle', 'waiting', 'live.connecting', 'live.connected', 'live.connected', 'reconnecting', 'live.connecting']);
    const { stream } = await replay(path!.steps, messageView);
    expect(stream.opened.map((o) => o.lastEventId)).toEqual([null, 'evt-5']);
  });

  it('named path: signed in without a token', async () => {
    const [path] = pathsFromEvents([ev({ type: 'auth.ready', authenticated: true, token: null }), connectDelay]);
    const { actor, stream } = await replay(path!.steps);
    expect(actor.getSnapshot().context.error).toBe('No authentication token available for SSE connection');
    expect(stream.opened).toEqual([]);
  });

  it('named path: signed out while connected', async () => {
    const [path] = pathsFromEvents([signIn, connectDelay, ev({ type: 'stream.open' }), ev({ type: 'auth.signedOut' })]);
    const { actor, stream } = await replay(path!.steps);
    expect(actor.getSnapshot().hasTag('stopped')).toBe(true);
    expect(stream.closed).toHaveLength(1);
  });
});
