/**
 * The event bus between nodes on one PostgreSQL database (DESIGN.md "Real time",
 * "Scaling out"): `publish` is a `NOTIFY` on one channel through the app's pool, and a
 * dedicated connection `LISTEN`s, reconnecting after a loss. This node's own subscribers
 * get a message from the notification like every other node's, so every node delivers
 * the same messages in the same order (PostgreSQL's commit order of the NOTIFYs).
 *
 * A NOTIFY payload must be under 8000 bytes. An event is far smaller, but one over the
 * limit is sent as a reference (organization and event id) that receivers load.
 * Notifications sent while the LISTEN connection is down are lost; a client that
 * reconnects its stream gets them from the Last-Event-ID replay.
 */
import pg from 'pg';
import type { BusMessage, EventBus, RealtimeEventMessage } from './eventBus';

/** PostgreSQL refuses a NOTIFY payload of this many bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;
export const DEFAULT_CHANNEL = 'floorwatch_events';

/** What a notification carries: the whole message, or a reference to load. */
export type Notification = { message: BusMessage } | { reference: { organizationId: string; eventId: string } };

/** The NOTIFY payload for `message`: its JSON, or `{ organizationId, eventId }` when the JSON is 8000 bytes or more. */
export function encodeNotification(message: BusMessage): string {
  const whole = JSON.stringify(message);
  if (Buffer.byteLength(whole, 'utf8') < NOTIFY_PAYLOAD_LIMIT_BYTES) return whole;
  return JSON.stringify({ organizationId: message.organizationId, eventId: message.event.id });
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Reads a payload `encodeNotification` made; null for anything else (logged by the caller, never thrown). */
export function decodeNotification(payload: string): Notification | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isText(v.organizationId)) return null;
  if (isText(v.eventId)) return { reference: { organizationId: v.organizationId, eventId: v.eventId } };
  const event = v.event as Record<string, unknown> | null | undefined;
  if (typeof event !== 'object' || event === null || !isText(event.id)) return null;
  return { message: { organizationId: v.organizationId, event: event as unknown as RealtimeEventMessage } };
}

export interface PgEventBusOptions {
  /** The database to LISTEN on (the pool's); the listening connection is made from it. */
  connectionString: string;
  /** Sends the NOTIFYs: the app's pool. */
  pool: pg.Pool;
  /** Loads an event that was notified by reference; null when it is gone (then nothing is delivered). */
  load: (organizationId: string, eventId: string) => Promise<RealtimeEventMessage | null>;
  channel?: string;
  /** First wait before reconnecting, in ms (doubles up to 30 s); default 500. */
  reconnectDelayMs?: number;
  /** Told about a lost connection, a failed reconnect, a bad payload or a failed load. */
  onError?: (error: Error) => void;
}

const MAX_RECONNECT_DELAY_MS = 30_000;
/** Most notifications sent in one statement. */
const MAX_NOTIFY_GROUP = 100;

/** LISTEN/NOTIFY bus; make it with `PgEventBus.start` (which resolves once it listens). */
export class PgEventBus implements EventBus {
  private readonly listeners = new Set<(message: BusMessage) => void>();
  private readonly channel: string;
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private delay: number;
  /** Publishes waiting for the one in flight (see `publish`). */
  private readonly outbox: { payload: string; resolve(): void; reject(error: unknown): void }[] = [];
  private sending = false;
  /** Deliveries run one after another, so a loaded reference cannot overtake a later message. */
  private delivery: Promise<void> = Promise.resolve();

  private constructor(private readonly options: PgEventBusOptions) {
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    this.delay = options.reconnectDelayMs ?? 500;
  }

  /**
   * Connects the LISTEN connection and resolves once notifications are received.
   * @throws what `pg` throws when the first connection fails (the server should not start)
   */
  static async start(options: PgEventBusOptions): Promise<PgEventBus> {
    const bus = new PgEventBus(options);
    await bus.listen();
    return bus;
  }

  /** The channel this bus LISTENs on: a NOTIFY there from any transaction is delivered like a publish. */
  get notifyChannel(): string {
    return this.channel;
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** The backend process id of the LISTEN connection (tests cut it to check the reconnect). */
  get listenerProcessId(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  /**
   * NOTIFYs the message; resolves once PostgreSQL has it. Publishes are sent in call
   * order: those made in the same tick, or while one is in flight, go together in the next
   * statement (in order within it), so a burst cannot be reordered across the pool's
   * connections, and every node delivers events in the order this node published them.
   * @throws what the pool throws for the statement that carried it
   */
  publish(message: BusMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      this.outbox.push({ payload: encodeNotification(message), resolve, reject });
      if (this.sending) return;
      this.sending = true;
      // A batch of webhooks stored by one statement is answered and published in one tick
      // (server/events/ingestQueue.ts): waiting for the tick's end sends all of them in one
      // NOTIFY statement rather than the first alone and the rest in a second.
      process.nextTick(() => void this.send());
    });
  }

  private async send(): Promise<void> {
    while (this.outbox.length > 0) {
      const group = this.outbox.splice(0, MAX_NOTIFY_GROUP);
      try {
        // unnest yields the payloads in array order, and one transaction's notifications are delivered in order.
        await this.options.pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [this.channel, group.map((g) => g.payload)]);
        for (const g of group) g.resolve();
      } catch (error) {
        for (const g of group) g.reject(error);
      }
    }
    this.sending = false;
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.listeners.clear();
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true });
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      this.lost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('The LISTEN connection to PostgreSQL ended')));
    client.on('notification', (notification) => {
      if (notification.channel === this.channel) this.receive(notification.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.delay = this.options.reconnectDelayMs ?? 500;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.options.onError?.(error);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.listen().catch((error: unknown) => {
        this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
        this.delay = Math.min(this.delay * 2, MAX_RECONNECT_DELAY_MS);
        this.scheduleReconnect();
      });
    }, this.delay);
    this.reconnectTimer.unref();
  }

  private receive(payload: string): void {
    const notification = decodeNotification(payload);
    if (!notification) {
      this.options.onError?.(new Error('Ignored a malformed event notification'));
      return;
    }
    this.delivery = this.delivery.then(async () => {
      const message = 'message' in notification ? notification.message : await this.resolve(notification.reference);
      if (message) this.deliver(message);
    });
  }

  private async resolve(reference: { organizationId: string; eventId: string }): Promise<BusMessage | null> {
    try {
      const event = await this.options.load(reference.organizationId, reference.eventId);
      return event ? { organizationId: reference.organizationId, event } : null;
    } catch (error) {
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      return null;
    }
  }

  private deliver(message: BusMessage): void {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (error) {
        this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
