import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { statusAt, type SimDevice } from './devices';
import { DEFAULT_EVENT_TYPES, type SimEventType } from './eventCatalog';
import { pick, pickWeighted, type Random } from './random';
import { renderSnapshotJpeg } from './snapshot';
import { renderWebhookPayload, SIM_ORGANIZATION, type SimWebhookEvent, type TemplateVariables, type WebhookOrganization } from './webhookPayload';

/** Requests allowed in flight at once by default; past it, due events are dropped. */
export const DEFAULT_MAX_IN_FLIGHT = 8;
/** How long one delivery may take, in ms. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** The outcome of one delivery, for logging. */
export interface WebhookDelivery {
  eventId: string;
  eventType: string;
  deviceId: string;
  /** The receiver's HTTP status, or null when there was no answer. */
  status: number | null;
  /** Why there was no answer (network error, timeout). */
  error?: string;
}

/** How to post simulated VORTEX webhooks. */
export interface WebhookPosterOptions {
  /** The receiver, e.g. `http://127.0.0.1:3000/v1/vortex/webhooks/{connectionId}`. */
  url: string;
  /** Sent as the `X-Webhook-Secret` header, as configured in VORTEX's webhook profile. */
  secret: string;
  /** Events per second (> 0); evenly spaced. */
  ratePerSecond: number;
  /** Who raises events; only devices not offline at the time do (see `statusAt`). */
  devices: readonly SimDevice[];
  /** Kinds of event; default {@link DEFAULT_EVENT_TYPES}. */
  eventTypes?: readonly SimEventType[];
  /** Drives every choice (device, type, name, template, thumbnail); default Math.random. */
  random?: Random;
  organization?: WebhookOrganization;
  /** Bound on concurrent requests; default {@link DEFAULT_MAX_IN_FLIGHT}. */
  maxInFlight?: number;
  /** Share of events carrying an inline thumbnail, 0 to 1; default 0.2. */
  thumbnailShare?: number;
  /** Called after each delivery, successful or not. */
  onDelivery?: (delivery: WebhookDelivery) => void;
}

/** A running poster. */
export interface WebhookPoster {
  /** Stops scheduling, aborts requests in flight and resolves once they have settled. */
  stop(): Promise<void>;
  /** Deliveries the receiver answered 2xx. */
  sent(): number;
  /** Deliveries answered otherwise, or not at all. */
  failed(): number;
  /** Events not sent because `maxInFlight` requests were already open. */
  dropped(): number;
}

/**
 * One POST over node:http(s) through `agent`; resolves with the status once the answer
 * is read. node:http rather than fetch, so the poster owns its connections: `stop()`
 * destroys them all, and no socket opened for a request that was aborted while
 * connecting lingers, idle, keeping the receiver's server from closing.
 */
function post(url: URL, headers: Record<string, string>, body: string, agent: HttpAgent, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent, signal }, (response: IncomingMessage) => {
      response.on('error', reject);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.resume();
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The template variables one event is rendered with: mostly README's template, sometimes Example 1. */
function chooseVariables(random: Random, thumbnailShare: number): Omit<TemplateVariables, 'thumbnail'> & { thumbnail: 'none' | 'bare' | 'dataUrl' } {
  const example1 = random() < 0.2;
  const thumbnail = random() < thumbnailShare ? (random() < 0.5 ? 'bare' : 'dataUrl') : 'none';
  return { mac: !example1, localISOTime: !example1, utcTime: !example1, utcISOTime: !example1 && random() < 0.5, thumbnail };
}

/**
 * Posts VORTEX alarm-management webhooks (the JSON template of server/vortex/README.md)
 * to a receiver at a steady rate, with `X-Webhook-Secret`. Each event is a device not
 * offline at the time, a kind of event that device type raises (weighted), a unique
 * `eventId`, and times consistent with the device's zone; some carry a small base64
 * JPEG thumbnail. At most `maxInFlight` requests are open; events due beyond that are
 * dropped and counted, as a webhook sender does not queue without bound.
 * @throws RangeError when the rate is not a positive number, or no device raises any of the event types
 * @throws TypeError when `url` is not an absolute URL
 */
export function startWebhookPoster(options: WebhookPosterOptions): WebhookPoster {
  const { url, secret, ratePerSecond, devices } = options;
  if (!(Number.isFinite(ratePerSecond) && ratePerSecond > 0)) throw new RangeError('ratePerSecond must be a positive number');
  const eventTypes = (options.eventTypes ?? DEFAULT_EVENT_TYPES).filter((t) => t.weight > 0 && t.eventNames.length > 0 && devices.some((d) => t.deviceTypes.includes(d.type)));
  if (eventTypes.length === 0) throw new RangeError('No device raises any of the event types');
  const random = options.random ?? Math.random;
  const organization = options.organization ?? SIM_ORGANIZATION;
  const maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
  const thumbnailShare = options.thumbnailShare ?? 0.2;
  const runId = Date.now().toString(36);
  const abort = new AbortController();
  const target = new URL(url);
  const agentOptions = { keepAlive: true, maxSockets: maxInFlight };
  const agent = target.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const inFlight = new Set<Promise<void>>();
  const counts = { sent: 0, failed: 0, dropped: 0, scheduled: 0 };

  function nextEvent(at: Date): { event: SimWebhookEvent; variables: ReturnType<typeof chooseVariables> } | null {
    const live = devices.filter((d) => statusAt(d, at.getTime()) !== 'offline');
    const possible = eventTypes.filter((t) => live.some((d) => t.deviceTypes.includes(d.type)));
    if (possible.length === 0) return null;
    const type = pickWeighted(possible, (t) => t.weight, random);
    const device = pick(live.filter((d) => type.deviceTypes.includes(d.type)), random);
    const eventId = `evt-${runId}-${(counts.scheduled).toString().padStart(6, '0')}`;
    const event = { eventId, eventType: type.eventType, eventName: pick(type.eventNames, random), device, organization, at };
    return { event, variables: chooseVariables(random, thumbnailShare) };
  }

  async function deliver(event: SimWebhookEvent, variables: ReturnType<typeof chooseVariables>): Promise<void> {
    const report = (status: number | null, error?: string) =>
      options.onDelivery?.({ eventId: event.eventId, eventType: event.eventType, deviceId: event.device.deviceId, status, ...(error ? { error } : {}) });
    try {
      let thumbnail: string | null = null;
      if (variables.thumbnail !== 'none') {
        const jpeg = await renderSnapshotJpeg({ deviceId: event.device.deviceId, name: event.device.name, at: event.at }, { width: 160, height: 90, quality: 60 });
        thumbnail = variables.thumbnail === 'dataUrl' ? `data:image/jpeg;base64,${jpeg.toString('base64')}` : jpeg.toString('base64');
      }
      const body = JSON.stringify(renderWebhookPayload(event, { ...variables, thumbnail }), null, 1);
      // Redirects are not followed: node:http never does.
      const status = await post(
        target,
        { 'content-type': 'application/json', 'x-webhook-secret': secret, 'user-agent': 'VORTEX-Webhook-Simulator' },
        body,
        agent,
        AbortSignal.any([abort.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      );
      if (status >= 200 && status <= 299) counts.sent++;
      else counts.failed++;
      report(status);
    } catch (error) {
      if (abort.signal.aborted) return;
      counts.failed++;
      report(null, error instanceof Error ? error.message : String(error));
    }
  }

  const startedAt = performance.now();
  function tick(): void {
    // The first event goes at once, then one every 1/rate s; a late tick catches up.
    const due = Math.floor(((performance.now() - startedAt) * ratePerSecond) / 1000) + 1;
    while (counts.scheduled < due) {
      counts.scheduled++;
      if (inFlight.size >= maxInFlight) {
        counts.dropped++;
        continue;
      }
      const next = nextEvent(new Date());
      if (!next) continue;
      const delivery = deliver(next.event, next.variables).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
  }
  const timer = setInterval(tick, Math.min(100, Math.max(5, 1000 / ratePerSecond)));
  tick();

  return {
    async stop() {
      clearInterval(timer);
      abort.abort();
      await Promise.allSettled([...inFlight]);
      agent.destroy();
    },
    sent: () => counts.sent,
    failed: () => counts.failed,
    dropped: () => counts.dropped,
  };
}
