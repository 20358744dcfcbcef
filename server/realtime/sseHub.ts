/**
 * The open SSE connections of this node, by organization (DESIGN.md "Real time"). A bus
 * message is framed once and the same string is written to each of its organization's
 * connections, never to another organization's. One timer writes the heartbeat to every
 * connection. A connection whose socket buffer outgrows the bound is dropped, so a slow
 * or stalled client cannot make the server hold unbounded memory for it.
 */
import type { BusMessage, EventBus } from './eventBus';
import { heartbeatFrame, webhookEventFrame } from './sseFrame';

/** What the hub writes to: a `ServerResponse` (or a test double) after the headers are sent. */
export interface SseSink {
  write(chunk: string): boolean;
  /** Holds writes in memory until `uncork` (a `ServerResponse` has both); optional for test doubles. */
  cork?(): void;
  uncork?(): void;
  /** Bytes queued in the socket's buffer, not yet sent. */
  readonly writableLength: number;
  destroy(): void;
}

/** One attached connection (see `SseHub.attach`). */
export interface SseClient {
  /** Writes a frame now (connected, replayed events); false once the client is closed or dropped. */
  write(frame: string): boolean;
  /**
   * Ends the catch-up phase: writes the live events that arrived meanwhile, except those
   * whose id is in `alreadySent` (the replay had them), then passes live events straight on.
   */
  goLive(alreadySent: ReadonlySet<string>): void;
  /** Detaches from the hub (call on the socket's close); idempotent. */
  close(): void;
  readonly closed: boolean;
}

export interface SseHubOptions {
  /** SPEC.md section 7 and DESIGN.md "Real time": 15 000 ms. */
  heartbeatMs: number;
  /** A connection whose unsent bytes would pass this is dropped. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Told when a connection is dropped for being too slow (for the log). */
  onDrop?: (organizationId: string) => void;
  now?: () => Date;
}

const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Fans bus messages out to this node's SSE connections; `close()` ends them all. */
export class SseHub {
  private readonly byOrganization = new Map<string, Set<Connection>>();
  private readonly unsubscribe: () => void;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private readonly maxBufferedBytes: number;

  constructor(
    bus: EventBus,
    private readonly options: SseHubOptions,
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    this.unsubscribe = bus.subscribe((message) => this.broadcast(message));
  }

  /** Open connections, all organizations together. */
  get size(): number {
    let count = 0;
    for (const set of this.byOrganization.values()) count += set.size;
    return count;
  }

  /**
   * Attaches a stream to `organizationId`'s fan-out. It starts in catch-up: nothing is
   * written to `sink` but the caller's own `write`s, and live events are held (within the
   * same byte bound) until `goLive`, so a replay loaded in between comes first and nothing
   * arriving meanwhile is lost or sent twice. Attach before loading the replay.
   */
  attach(organizationId: string, sink: SseSink): SseClient {
    const connection = new Connection(organizationId, sink, this.maxBufferedBytes, (c, dropped) => this.detach(c, dropped));
    let set = this.byOrganization.get(organizationId);
    if (!set) {
      set = new Set();
      this.byOrganization.set(organizationId, set);
    }
    set.add(connection);
    this.startHeartbeat();
    return connection;
  }

  /** Ends every connection and stops listening to the bus (app shutdown). */
  close(): void {
    this.unsubscribe();
    for (const set of [...this.byOrganization.values()]) {
      for (const connection of [...set]) connection.end();
    }
    this.byOrganization.clear();
    this.stopHeartbeat();
  }

  private broadcast(message: BusMessage): void {
    const set = this.byOrganization.get(message.organizationId);
    if (!set || set.size === 0) return;
    const frame = webhookEventFrame(message.event);
    for (const connection of [...set]) connection.deliver(message.event.id, frame);
  }

  private detach(connection: Connection, dropped: boolean): void {
    const set = this.byOrganization.get(connection.organizationId);
    if (!set?.delete(connection)) return;
    if (set.size === 0) this.byOrganization.delete(connection.organizationId);
    if (this.byOrganization.size === 0) this.stopHeartbeat();
    if (dropped) this.options.onDrop?.(connection.organizationId);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      const frame = heartbeatFrame(this.options.now?.() ?? new Date());
      for (const set of [...this.byOrganization.values()]) {
        for (const connection of [...set]) connection.heartbeat(frame);
      }
    }, this.options.heartbeatMs);
    // The heartbeat alone must not keep the process alive.
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

class Connection implements SseClient {
  /** Live events held during catch-up, in arrival order; undefined once live. */
  private held: { id: string; frame: string }[] | undefined = [];
  private heldBytes = 0;
  /** True while this tick's writes are held (see `write`). */
  private corked = false;
  closed = false;

  constructor(
    readonly organizationId: string,
    private readonly sink: SseSink,
    private readonly maxBufferedBytes: number,
    private readonly onDetach: (connection: Connection, dropped: boolean) => void,
  ) {}

  write(frame: string): boolean {
    if (this.closed) return false;
    // `length` counts UTF-16 units, close to bytes for these mostly ASCII frames: a memory
    // bound need not be exact.
    if (this.sink.writableLength + frame.length > this.maxBufferedBytes) {
      this.drop();
      return false;
    }
    // The writes of one tick go out as one socket write: a NOTIFY batch (or a batch of
    // webhooks stored together) is delivered in one tick, and one write syscall per
    // connection instead of one per event saves the server's and the client's CPU.
    if (!this.corked && this.sink.cork && this.sink.uncork) {
      this.corked = true;
      this.sink.cork();
      process.nextTick(() => {
        this.corked = false;
        this.sink.uncork?.();
      });
    }
    this.sink.write(frame);
    return true;
  }

  /** Catch-up writes nothing on its own: the stream may not have sent its headers yet. */
  heartbeat(frame: string): void {
    if (!this.held) this.write(frame);
  }

  deliver(id: string, frame: string): void {
    if (this.closed) return;
    if (!this.held) {
      this.write(frame);
      return;
    }
    this.heldBytes += frame.length;
    if (this.heldBytes > this.maxBufferedBytes) {
      this.drop();
      return;
    }
    this.held.push({ id, frame });
  }

  goLive(alreadySent: ReadonlySet<string>): void {
    const held = this.held ?? [];
    this.held = undefined;
    this.heldBytes = 0;
    for (const { id, frame } of held) {
      if (!alreadySent.has(id) && !this.write(frame)) return;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.held = undefined;
    this.onDetach(this, false);
  }

  /** Ends the stream from the server's side (shutdown). */
  end(): void {
    this.close();
    this.sink.destroy();
  }

  private drop(): void {
    if (this.closed) return;
    this.closed = true;
    this.held = undefined;
    this.onDetach(this, true);
    this.sink.destroy();
  }
}
