/**
 * A client worker: a process holding many real `EventSource`s (the `eventsource`
 * package, as a browser would) on one server's `GET /v1/events/stream`. Each client
 * records the load events it receives (bench/realtime/marker.ts) and the time from the
 * webhook POST to the `webhook_event` reaching its listener. Driven by the main process
 * over IPC (bench/realtime/protocol.ts).
 */
import { EventSource } from 'eventsource';
import { decodeMarker, monotonicMicros } from './marker';
import type { AwayResult, ClientWorkerReply, ClientWorkerRequest, ResumeBy } from './protocol';
import { ClientTally, recovery } from './stats';

interface BenchClient {
  source: EventSource;
  tally: ClientTally;
  lastEventId: string;
  /** Highest seq received. */
  lastSeq: number;
  away?: { fromMicros: number; toMicros: number; resumeBy: ResumeBy };
}

const clients: BenchClient[] = [];
let run = '';
let errors = 0;
let latencies = new Float64Array(1 << 16);
let latencySeqs = new Int32Array(1 << 16);
let latencyCount = 0;

function keepLatency(seq: number, ms: number): void {
  if (latencyCount === latencies.length) {
    const grownLatencies = new Float64Array(latencies.length * 2);
    grownLatencies.set(latencies);
    latencies = grownLatencies;
    const grownSeqs = new Int32Array(latencySeqs.length * 2);
    grownSeqs.set(latencySeqs);
    latencySeqs = grownSeqs;
  }
  latencies[latencyCount] = ms;
  latencySeqs[latencyCount] = seq;
  latencyCount++;
}

/** Opens one EventSource; resolves once `connected` arrives, rejects on an error before that. */
function connect(client: Omit<BenchClient, 'source'> & { source?: EventSource }, url: string, resumeBy?: ResumeBy): Promise<BenchClient> {
  let target = url;
  let init: ConstructorParameters<typeof EventSource>[1];
  if (resumeBy === 'query') target = `${url}&last_event_id=${encodeURIComponent(client.lastEventId)}`;
  if (resumeBy === 'header') {
    const lastEventId = client.lastEventId;
    // EventSource's own later reconnects send their newer id: only the first request needs ours.
    init = { fetch: (input, options) => fetch(input, { ...options, headers: { 'Last-Event-ID': lastEventId, ...options.headers } }) };
  }
  const source = new EventSource(target, init);
  const ready = client as BenchClient;
  ready.source = source;
  source.addEventListener('webhook_event', (message) => {
    const receivedMicros = monotonicMicros();
    const event = JSON.parse(message.data) as { event_name?: string | null };
    const marker = decodeMarker(event.event_name);
    if (!marker || marker.run !== run) return;
    ready.lastEventId = message.lastEventId;
    if (ready.tally.record(marker.seq, marker.after)) {
      if (marker.seq > ready.lastSeq) ready.lastSeq = marker.seq;
      if (!ready.away) keepLatency(marker.seq, (receivedMicros - marker.sentMicros) / 1000);
    }
  });
  return new Promise((resolve, reject) => {
    let opened = false;
    source.addEventListener('connected', () => {
      opened = true;
      resolve(ready);
    });
    source.addEventListener('error', (event) => {
      errors++;
      if (opened) return;
      source.close();
      reject(new Error(`stream refused: ${event.code ?? ''} ${event.message ?? ''}`.trim()));
    });
  });
}

/** Runs `tasks` with at most `limit` at a time. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index] as () => Promise<T>;
      try {
        results[index] = { status: 'fulfilled', value: await task() };
      } catch (error) {
        results[index] = { status: 'rejected', reason: error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}

let streamUrl = '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reply = (message: ClientWorkerReply) => process.send?.(message);

async function handle(message: ClientWorkerRequest): Promise<void> {
  switch (message.type) {
    case 'open': {
      run = message.run;
      streamUrl = message.url;
      const tasks = Array.from({ length: message.count }, () => () => connect({ tally: new ClientTally(), lastEventId: '', lastSeq: -1 }, message.url));
      const settled = await inBatches(tasks, message.concurrency);
      const problems: string[] = [];
      let ok = 0;
      for (const result of settled) {
        if (result.status === 'fulfilled') {
          clients.push(result.value);
          ok++;
        } else if (problems.length < 3) problems.push(String(result.reason));
      }
      reply({ type: 'opened', ok, failed: message.count - ok, errors: problems });
      return;
    }
    case 'away': {
      const leaving = message.indexes.map((index) => clients[index]).filter((c): c is BenchClient => c !== undefined);
      const fromMicros = monotonicMicros();
      for (const client of leaving) client.source.close();
      await sleep(message.awayMs);
      const toMicros = monotonicMicros();
      const settled = await Promise.allSettled(
        leaving.map((client, i) => {
          const resumeBy = message.resumeBy[i % message.resumeBy.length] ?? 'query';
          client.away = { fromMicros, toMicros, resumeBy };
          return connect(client, streamUrl, resumeBy);
        }),
      );
      const ok = settled.filter((s) => s.status === 'fulfilled').length;
      reply({ type: 'back', ok, failed: leaving.length - ok });
      return;
    }
    case 'progress': {
      let lowest = Infinity;
      for (const client of clients) if (!client.away) lowest = Math.min(lowest, client.lastSeq);
      reply({ type: 'progress', lowestLastSeq: lowest === Infinity ? -1 : lowest });
      return;
    }
    case 'finish': {
      const expected = message.accepted.map((event) => event.seq);
      const results = [];
      const away: AwayResult[] = [];
      for (const client of clients) {
        const result = client.tally.result(expected);
        if (client.away) away.push({ ...result, ...recovery(client.tally, message.accepted, client.away.fromMicros, client.away.toMicros), resumeBy: client.away.resumeBy });
        else results.push(result);
      }
      const kept: number[] = [];
      for (let i = 0; i < latencyCount; i++) if ((latencySeqs[i] as number) >= message.warmupSeqs) kept.push(latencies[i] as number);
      reply({ type: 'results', results, away, latencies: Float64Array.from(kept), errors });
      return;
    }
    case 'close': {
      for (const client of clients) client.source.close();
      reply({ type: 'closed' });
      setTimeout(() => process.exit(0), 50);
      return;
    }
  }
}

process.on('message', (message: ClientWorkerRequest) => {
  handle(message).catch((error: unknown) => {
    console.error('client worker failed:', error);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
