/**
 * The wire shape of a real-time event (SPEC.md section 3 "Real-time event"), as the SSE
 * stream sends it in `webhook_event` and `GET /v1/events` lists it.
 */
export interface RealtimeEventMessage {
  id: string;
  device_id: string;
  device_name: string | null;
  mapped_device_id: string | null;
  device_mac: string | null;
  event_type: string;
  event_name: string | null;
  /** Unix seconds of the event's instant. */
  local_time: number;
  received_at: string;
  /** True when VORTEX sent a thumbnail with the event: `GET /v1/devices/{id}/snapshot?timestamp=` serves it. */
  has_snapshot: boolean;
  /** The alert the event raised (Intrusion, Line crossing, Tampering), else null. */
  alert: { id: string; resolved: boolean } | null;
}

/** One published event for one organization's streams. */
export interface BusMessage {
  organizationId: string;
  event: RealtimeEventMessage;
}

/**
 * Fans stored webhook events out to SSE connections (DESIGN.md "Real time"): in-process
 * on PGlite; PostgreSQL LISTEN/NOTIFY between nodes. `subscribe` returns its unsubscribe.
 */
export interface EventBus {
  publish(message: BusMessage): Promise<void>;
  /**
   * Set on the LISTEN/NOTIFY bus: a NOTIFY on this channel of `encodeNotification(message)`
   * (server/realtime/pgEventBus.ts), from any transaction on the bus's database, reaches
   * the subscribers as `publish(message)` would. Webhook ingest NOTIFYs from inside its
   * own statement then, rather than publishing after it. Undefined on other buses.
   */
  readonly notifyChannel?: string;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** The single-process bus: every publish reaches every subscriber of this process. */
export class InProcessEventBus implements EventBus {
  private readonly listeners = new Set<(message: BusMessage) => void>();

  async publish(message: BusMessage): Promise<void> {
    for (const listener of this.listeners) listener(message);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
