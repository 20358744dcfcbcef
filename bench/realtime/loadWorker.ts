/**
 * The load: a process posting real-shaped VORTEX webhooks (bench/realtime/webhookBody.ts)
 * with the secret header, either at a fixed rate (evenly spaced, up to `maxInFlight` at
 * once) or as fast as `concurrency` keep-alive connections allow, over undici's connection
 * pool (HTTP/1.1 keep-alive, no pipelining, as `http.Agent({ keepAlive: true, maxSockets })`
 * would use them). The load shares the server's two cores, and `http.request` spent more CPU
 * per POST (about 0.2 ms) than the webhook route's own parsing; undici's client is Node's own
 * fetch's, much leaner per request. Each POST's start time
 * and the events already answered go into the event name (bench/realtime/marker.ts).
 * Driven over IPC (bench/realtime/protocol.ts).
 */
import { Pool, errors } from 'undici';
import { monotonicMicros } from './marker';
import type { LoadReport, LoadRequest } from './protocol';
import { summarizeLatencies, type AcceptedEvent } from './stats';
import { WebhookBodies } from './webhookBody';

/** A POST not answered within this many ms counts as 'timeout'. */
const TIMEOUT_MS = 30_000;

/** How late (ms) a scheduled POST may start before it counts as the load falling behind. */
const LATE_MS = 10;

/** Tracks which seqs are answered, for each new POST's `after` (all of 0…after answered). */
class Watermark {
  private settled = new Uint8Array(1024);
  low = -1;

  settle(seq: number): void {
    if (seq >= this.settled.length) {
      const grown = new Uint8Array(Math.max(seq + 1, this.settled.length * 2));
      grown.set(this.settled);
      this.settled = grown;
    }
    this.settled[seq] = 1;
    while (this.low + 1 < this.settled.length && this.settled[this.low + 1] === 1) this.low++;
  }
}

class Poster {
  readonly accepted: AcceptedEvent[] = [];
  readonly failures: Record<string, number> = {};
  readonly watermark = new Watermark();
  /** ms from each POST's start to its answer. */
  readonly answerMs: number[] = [];
  private readonly bodies = new WebhookBodies();
  private readonly pool: Pool;
  private readonly path: string;
  private readonly headers: Record<string, string>;
  seq = 0;

  constructor(
    url: string,
    secret: string,
    private readonly run: string,
    sockets: number,
  ) {
    const target = new URL(url);
    this.path = `${target.pathname}${target.search}`;
    this.headers = { 'content-type': 'application/json', 'x-webhook-secret': secret, 'user-agent': 'VORTEX-Webhook-Bench' };
    this.pool = new Pool(target.origin, { connections: sockets, pipelining: 1, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  }

  /** Posts the next event; resolves with its seq and whether it was accepted (never rejects). */
  async post(): Promise<{ seq: number; accepted: boolean; sentMicros: number }> {
    const seq = this.seq++;
    const sentMicros = monotonicMicros();
    const body = this.bodies.body({ run: this.run, seq, after: this.watermark.low, sentMicros });
    const status = await this.send(body);
    this.answerMs.push((monotonicMicros() - sentMicros) / 1000);
    this.watermark.settle(seq);
    const accepted = status === '202';
    if (!accepted) this.failures[status] = (this.failures[status] ?? 0) + 1;
    return { seq, accepted, sentMicros };
  }

  /** One POST's status code as text, or 'timeout' / 'error' (never rejects). */
  private async send(body: string): Promise<string> {
    try {
      const response = await this.pool.request({ method: 'POST', path: this.path, headers: this.headers, body });
      await response.body.dump();
      return String(response.statusCode);
    } catch (error) {
      return error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError ? 'timeout' : 'error';
    }
  }

  keep(result: { seq: number; accepted: boolean; sentMicros: number }): void {
    if (result.accepted) this.accepted.push({ seq: result.seq, sentMicros: result.sentMicros });
  }

  close(): void {
    void this.pool.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fixedRate(request: Extract<LoadRequest, { type: 'fixed' }>): Promise<LoadReport> {
  const poster = new Poster(request.url, request.secret, request.run, request.maxInFlight);
  const total = Math.max(1, Math.round((request.rate * request.durationMs) / 1000));
  const intervalMs = 1000 / request.rate;
  const inFlight = new Set<Promise<void>>();
  let lateStarts = 0;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= request.maxInFlight) await Promise.race(inFlight);
    if (performance.now() - due > LATE_MS) lateStarts++;
    const pending: Promise<void> = poster.post().then((result) => {
      poster.keep(result);
      inFlight.delete(pending);
    });
    inFlight.add(pending);
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - start) / 1000;
  poster.close();
  poster.accepted.sort((a, b) => a.seq - b.seq);
  return { type: 'done', accepted: poster.accepted, failures: poster.failures, offered: total, acceptedPerSecond: poster.accepted.length / elapsedS, lateStarts, answer: summarizeLatencies(poster.answerMs) };
}

async function maxRate(request: Extract<LoadRequest, { type: 'max' }>): Promise<LoadReport> {
  const poster = new Poster(request.url, request.secret, request.run, request.concurrency);
  const start = performance.now();
  const measureFrom = start + request.warmupMs;
  const end = measureFrom + request.durationMs;
  let measured = 0;
  let measuredUntil = measureFrom;
  async function lane(): Promise<void> {
    while (performance.now() < end) {
      const result = await poster.post();
      poster.keep(result);
      const now = performance.now();
      if (result.accepted && now >= measureFrom && now <= end) {
        measured++;
        measuredUntil = now;
      }
    }
  }
  await Promise.all(Array.from({ length: request.concurrency }, lane));
  poster.close();
  poster.accepted.sort((a, b) => a.seq - b.seq);
  const seconds = Math.max(0.001, (measuredUntil - measureFrom) / 1000);
  return { type: 'done', accepted: poster.accepted, failures: poster.failures, offered: poster.seq, acceptedPerSecond: measured / seconds, lateStarts: 0, answer: summarizeLatencies(poster.answerMs) };
}

process.on('message', (message: LoadRequest) => {
  const work = message.type === 'fixed' ? fixedRate(message) : maxRate(message);
  work
    .then((report) => process.send?.(report))
    .catch((error: unknown) => {
      console.error('load failed:', error);
      process.exit(1);
    });
});
process.on('disconnect', () => process.exit(0));
