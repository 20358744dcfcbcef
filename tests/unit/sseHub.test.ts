import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessEventBus, type BusMessage, type RealtimeEventMessage } from '../../server/realtime/eventBus';
import { SseHub, type SseSink } from '../../server/realtime/sseHub';
import { webhookEventFrame } from '../../server/realtime/sseFrame';
import { parseSse } from '../server/helpers/sseParser';

/** A socket stand-in: records writes; `unsent` bytes stay queued until `flush()` (a stalled client). */
class FakeSink implements SseSink {
  chunks: string[] = [];
  unsent = 0;
  destroyed = false;
  constructor(private readonly stalled = false) {}
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    if (this.stalled) this.unsent += chunk.length;
    return !this.stalled;
  }
  get writableLength(): number {
    return this.unsent;
  }
  destroy(): void {
    this.destroyed = true;
  }
  events() {
    return parseSse(this.chunks.join(''));
  }
}

/** A socket stand-in that corks like a `ServerResponse`: corked writes go out as one `physical` write on `uncork`. */
class CorkingSink extends FakeSink {
  physical: string[] = [];
  private held: string[] | null = null;
  override write(chunk: string): boolean {
    super.write(chunk);
    if (this.held) this.held.push(chunk);
    else this.physical.push(chunk);
    return true;
  }
  cork(): void {
    this.held ??= [];
  }
  uncork(): void {
    if (this.held && this.held.length > 0) this.physical.push(this.held.join(''));
    this.held = null;
  }
}

const ORG_A = '11111111-1111-4111-8111-111111111111';
const ORG_B = '22222222-2222-4222-8222-222222222222';

function message(organizationId: string, id: string, extra: Partial<RealtimeEventMessage> = {}): BusMessage {
  return {
    organizationId,
    event: {
      id,
      device_id: 'cam-1',
      device_name: 'Lobby',
      mapped_device_id: null,
      device_mac: null,
      event_type: 'Video motion',
      event_name: 'Motion',
      local_time: 1_763_760_000,
      received_at: '2026-11-21T21:20:00.000Z',
      has_snapshot: false,
      alert: null,
      ...extra,
    },
  };
}

describe('SseHub', () => {
  let bus: InProcessEventBus;
  let hub: SseHub;

  beforeEach(() => {
    vi.useFakeTimers();
    bus = new InProcessEventBus();
    hub = new SseHub(bus, { heartbeatMs: 15_000, maxBufferedBytes: 4096, now: () => new Date('2026-11-21T21:20:15.000Z') });
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  it("writes a bus message only to its organization's connections, as a webhook_event with the event id", async () => {
    const a1 = new FakeSink();
    const a2 = new FakeSink();
    const b = new FakeSink();
    hub.attach(ORG_A, a1).goLive(new Set());
    hub.attach(ORG_A, a2).goLive(new Set());
    hub.attach(ORG_B, b).goLive(new Set());

    await bus.publish(message(ORG_A, 'e1'));

    for (const sink of [a1, a2]) {
      expect(sink.events()).toEqual([{ event: 'webhook_event', data: JSON.stringify(message(ORG_A, 'e1').event), lastEventId: 'e1' }]);
    }
    expect(b.chunks).toEqual([]);
  });

  it('frames each message once and writes the very same string to every connection', async () => {
    const sinks = [new FakeSink(), new FakeSink(), new FakeSink()];
    for (const sink of sinks) hub.attach(ORG_A, sink).goLive(new Set());
    const stringify = vi.spyOn(JSON, 'stringify');

    await bus.publish(message(ORG_A, 'e1'));

    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    expect(sinks[0]?.chunks[0]).toBe(webhookEventFrame(message(ORG_A, 'e1').event));
    expect(sinks.every((sink) => sink.chunks.length === 1 && sink.chunks[0] === sinks[0]?.chunks[0])).toBe(true);
  });

  it('sends a heartbeat to every live connection every 15 s from one timer, and none once all are closed', () => {
    const a = new FakeSink();
    const b = new FakeSink();
    const catchingUp = new FakeSink();
    const clientA = hub.attach(ORG_A, a);
    const clientB = hub.attach(ORG_B, b);
    const clientC = hub.attach(ORG_A, catchingUp);
    clientA.goLive(new Set());
    clientB.goLive(new Set());
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(14_999);
    expect(a.chunks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(a.events()).toEqual([{ event: 'heartbeat', data: '{"time":"2026-11-21T21:20:15.000Z"}', lastEventId: '' }]);
    expect(b.events()).toHaveLength(1);
    vi.advanceTimersByTime(15_000);
    expect(a.events()).toHaveLength(2);

    expect(catchingUp.chunks).toEqual([]);

    clientA.close();
    clientB.close();
    clientC.close();
    expect(hub.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(a.events()).toHaveLength(2);
  });

  it('holds live events during catch-up and writes them after it, skipping those the replay already sent', async () => {
    const sink = new FakeSink();
    const client = hub.attach(ORG_A, sink);
    await bus.publish(message(ORG_A, 'replayed-and-live'));
    await bus.publish(message(ORG_A, 'live-only'));
    expect(sink.chunks).toEqual([]);

    client.write(webhookEventFrame(message(ORG_A, 'replayed-and-live').event));
    client.goLive(new Set(['replayed-and-live']));
    await bus.publish(message(ORG_A, 'after'));

    expect(sink.events().map((e) => e.lastEventId)).toEqual(['replayed-and-live', 'live-only', 'after']);
  });

  it('drops a connection whose unsent bytes would pass the bound, and keeps serving the others', async () => {
    const stalled = new FakeSink(true);
    const healthy = new FakeSink();
    const onDrop = vi.fn();
    hub.close();
    hub = new SseHub(bus, { heartbeatMs: 15_000, maxBufferedBytes: 4096, onDrop });
    hub.attach(ORG_A, stalled).goLive(new Set());
    hub.attach(ORG_A, healthy).goLive(new Set());

    const frameBytes = webhookEventFrame(message(ORG_A, 'e0').event).length;
    const fits = Math.floor(4096 / frameBytes);
    for (let i = 0; i < fits + 5; i += 1) await bus.publish(message(ORG_A, `e${i}`));

    expect(stalled.destroyed).toBe(true);
    expect(stalled.chunks).toHaveLength(fits);
    expect(stalled.unsent).toBeLessThanOrEqual(4096);
    expect(onDrop).toHaveBeenCalledExactlyOnceWith(ORG_A);
    expect(healthy.events()).toHaveLength(fits + 5);
    expect(hub.size).toBe(1);
  });

  it('drops a connection whose held catch-up events pass the bound', async () => {
    const sink = new FakeSink();
    const client = hub.attach(ORG_A, sink);
    for (let i = 0; i < 50; i += 1) await bus.publish(message(ORG_A, `e${i}`));
    expect(client.closed).toBe(true);
    expect(sink.destroyed).toBe(true);
    expect(client.write('event: heartbeat\ndata: \n\n')).toBe(false);
    expect(sink.chunks).toEqual([]);
  });

  it('stops writing to a closed connection and ends every connection on close()', async () => {
    const gone = new FakeSink();
    const open = new FakeSink();
    hub.attach(ORG_A, gone).close();
    hub.attach(ORG_A, open).goLive(new Set());
    await bus.publish(message(ORG_A, 'e1'));
    expect(gone.chunks).toEqual([]);
    expect(gone.destroyed).toBe(false);

    hub.close();
    expect(open.destroyed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await bus.publish(message(ORG_A, 'e2'));
    expect(open.events()).toHaveLength(1);
  });

  it('writes the events of one tick to a connection as one socket write, in order', async () => {
    const sink = new CorkingSink();
    hub.attach(ORG_A, sink).goLive(new Set());
    for (const id of ['e1', 'e2', 'e3']) await bus.publish(message(ORG_A, id));
    expect(sink.physical).toEqual([]);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(sink.physical).toHaveLength(1);
    expect(sink.events().map((e) => e.lastEventId)).toEqual(['e1', 'e2', 'e3']);

    await bus.publish(message(ORG_A, 'e4'));
    await new Promise((resolve) => process.nextTick(resolve));
    expect(sink.physical).toHaveLength(2);
    expect(sink.physical[1]).toBe(webhookEventFrame(message(ORG_A, 'e4').event));
  });
});
