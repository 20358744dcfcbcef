/**
 * One fan-out run against one server: N EventSource clients in worker processes, a fixed
 * webhook rate for a while, and what came out: accepted rate, latency, memory per
 * connection (RSS of the server's pid before and after the clients connect), what each
 * client lost, got twice or out of order, and optionally clients that go away and come back.
 */
import { randomBytes } from 'node:crypto';
import { request, startChild, type Child } from './children';
import { collectGarbage } from './inspector';
import { cpuSeconds, rssKiB } from './procfs';
import type { AwayResult, ClientWorkerReply, LoadReport, ResumeBy } from './protocol';
import { concatSamples, faultTotals, summarizeLatencies, type FaultTotals, type LatencySummary } from './stats';
import type { BenchTarget, TargetName } from './targets';

export interface FanoutSpec {
  clients: number;
  /** Webhooks per second. */
  rate: number;
  /** Length of the load in s, warm-up included. */
  durationS: number;
  /** First seconds of the load left out of the latency figures. */
  warmupS: number;
  /** Some clients leave for a while and come back with their last event id. */
  away?: { clients: number; atS: number; awayS: number };
}

export interface AwaySummary {
  clients: number;
  reconnectFailed: number;
  missed: number;
  recovered: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  byHeader: number;
  byQuery: number;
}

export interface FanoutResult {
  target: TargetName;
  spec: FanoutSpec;
  connected: number;
  connectFailed: number;
  connectErrors: string[];
  offered: number;
  acceptedPerSecond: number;
  accepted: number;
  failures: Record<string, number>;
  lateStarts: number;
  /** Webhook POST to its 202, ms. */
  answer: LatencySummary;
  latency: LatencySummary;
  rssBeforeKiB: number;
  rssConnectedKiB: number;
  rssAfterKiB: number;
  /** RSS the second half of the clients added / their number, KiB; each RSS read once settled (see `settledRss`). */
  memoryPerConnectionKiB: number;
  faults: FaultTotals;
  away: AwaySummary | undefined;
  /** Server CPU during the load, percent of one core. */
  serverCpuPercent: number;
  /** EventSource `error` events (lost connections) in the clients. */
  clientErrors: number;
  /** Connections Floorwatch dropped as too slow (its warn log). */
  droppedSlow: number;
  /** Time from the last POST's answer until every client had the last event, ms (capped). */
  drainMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS readings this close (KiB) count as settled. */
const SETTLED_KIB = 1024;

/**
 * The server's RSS in KiB once it has settled: after a full GC when it has an inspector
 * (bench/realtime/inspector.ts), read every half second until two readings agree within
 * 1 MiB (at most 6 s). A server that just started still hands memory back to the system,
 * which would otherwise count against its connections.
 */
async function settledRss(target: BenchTarget): Promise<number> {
  let previous = Number.NaN;
  for (let attempt = 0; attempt < 12; attempt++) {
    if (target.inspectorUrl) await collectGarbage(target.inspectorUrl);
    await sleep(500);
    const current = rssKiB(target.pid);
    if (Math.abs(current - previous) < SETTLED_KIB) return current;
    previous = current;
  }
  return previous;
}
const DROPPED = /dropped a slow event-stream client/g;
const countDropped = (target: BenchTarget) => (target.output().match(DROPPED) ?? []).length;

/** How many client worker processes for `clients`: one for a few, else one per 1 000, two to four. */
export function workersFor(clients: number): number {
  if (clients <= 100) return 1;
  return Math.min(4, Math.max(2, Math.ceil(clients / 1000)));
}

/** Splits `total` into `parts` near-equal whole shares. */
export function split(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/** Starts the client workers for `clients` connections. */
export function startClientWorkers(clients: number): Child[] {
  const counts = split(clients, workersFor(clients));
  return counts.map((count) => startChild('bench/realtime/clientWorker.ts', { ipc: true, openFiles: count + 256 }));
}

/**
 * Runs one fan-out against a started server.
 * @throws Error when a child process fails or does not answer in time
 */
export async function runFanout(target: BenchTarget, spec: FanoutSpec): Promise<FanoutResult> {
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const workers = startClientWorkers(spec.clients);
  const load = startChild('bench/realtime/loadWorker.ts', { ipc: true });
  try {
    // Warm the webhook path (JIT, caches, pools) so the first measured events are not its warm-up.
    await request<LoadReport>(load, { type: 'fixed', url: target.webhookUrl, secret: target.secret, run: `${run}w`, rate: 50, durationMs: 1_000, maxInFlight: 4 }, 'done', 60_000);
    const rssBeforeKiB = await settledRss(target);
    const droppedBefore = countDropped(target);

    // Two halves: memory per connection is the RSS the second half adds. The first half
    // takes any one-time growth (pools, JIT) and whatever the allocator hands back meanwhile.
    const counts = split(spec.clients, workers.length);
    const openHalf = (share: (count: number) => number) =>
      Promise.all(
        workers.map((worker, i) => {
          const count = share(counts[i] ?? 0);
          return request<Extract<ClientWorkerReply, { type: 'opened' }>>(worker, { type: 'open', url: target.streamUrl, count, run, concurrency: 50 }, 'opened', 60_000 + count * 50);
        }),
      );
    const first = await openHalf((count) => Math.ceil(count / 2));
    const rssHalfKiB = await settledRss(target);
    const second = await openHalf((count) => Math.floor(count / 2));
    const rssConnectedKiB = await settledRss(target);
    const opened = [...first, ...second];
    const connected = opened.reduce((n, o) => n + o.ok, 0);
    const connectedSecondHalf = second.reduce((n, o) => n + o.ok, 0);

    const cpuBefore = cpuSeconds(target.pid);
    const loadStart = performance.now();
    const loadDone = request<LoadReport>(
      load,
      { type: 'fixed', url: target.webhookUrl, secret: target.secret, run, rate: spec.rate, durationMs: spec.durationS * 1000, maxInFlight: 64 },
      'done',
      spec.durationS * 1000 + 120_000,
    );
    let awayDone: Promise<Extract<ClientWorkerReply, { type: 'back' }>> | undefined;
    if (spec.away && workers[0]) {
      const { clients, atS, awayS } = spec.away;
      const resumeBy: ResumeBy[] = ['header', 'query'];
      const first = workers[0];
      awayDone = sleep(atS * 1000).then(() =>
        request<Extract<ClientWorkerReply, { type: 'back' }>>(first, { type: 'away', indexes: Array.from({ length: clients }, (_, i) => i), awayMs: awayS * 1000, resumeBy }, 'back', awayS * 1000 + 60_000),
      );
    }
    const report = await loadDone;
    const back = await awayDone;
    const cpuAfter = cpuSeconds(target.pid);
    const loadSeconds = (performance.now() - loadStart) / 1000;

    const lastSeq = report.accepted.at(-1)?.seq ?? -1;
    const drainStart = performance.now();
    for (;;) {
      const progress = await Promise.all(workers.map((w) => request<Extract<ClientWorkerReply, { type: 'progress' }>>(w, { type: 'progress' }, 'progress', 30_000)));
      if (progress.every((p) => p.lowestLastSeq >= lastSeq) || performance.now() - drainStart > 10_000) break;
      await sleep(50);
    }
    const drainMs = performance.now() - drainStart;
    await sleep(500); // late duplicates, if any, still count
    const rssAfterKiB = await settledRss(target);

    const warmupSeqs = Math.round(spec.rate * spec.warmupS);
    const results = await Promise.all(
      workers.map((w) => request<Extract<ClientWorkerReply, { type: 'results' }>>(w, { type: 'finish', accepted: report.accepted, warmupSeqs }, 'results', 120_000)),
    );
    const away = results.flatMap((r) => r.away);
    return {
      target: target.name,
      spec,
      connected,
      connectFailed: opened.reduce((n, o) => n + o.failed, 0),
      connectErrors: opened.flatMap((o) => o.errors).slice(0, 3),
      offered: report.offered,
      accepted: report.accepted.length,
      acceptedPerSecond: report.acceptedPerSecond,
      failures: report.failures,
      lateStarts: report.lateStarts,
      answer: report.answer,
      latency: summarizeLatencies(concatSamples(results.map((r) => r.latencies))),
      rssBeforeKiB,
      rssConnectedKiB,
      rssAfterKiB,
      memoryPerConnectionKiB: connectedSecondHalf > 0 ? (rssConnectedKiB - rssHalfKiB) / connectedSecondHalf : Number.NaN,
      faults: faultTotals(results.flatMap((r) => r.results)),
      away: spec.away ? summarizeAway(away, spec.away.clients - (back?.ok ?? 0)) : undefined,
      serverCpuPercent: ((cpuAfter - cpuBefore) / loadSeconds) * 100,
      clientErrors: results.reduce((n, r) => n + r.errors, 0),
      droppedSlow: countDropped(target) - droppedBefore,
      drainMs,
    };
  } finally {
    await Promise.allSettled(workers.map((w) => request<{ type: 'closed' }>(w, { type: 'close' }, 'closed', 30_000)));
    await Promise.allSettled([...workers, load].map((c) => c.stop(5_000)));
  }
}

function summarizeAway(away: AwayResult[], reconnectFailed: number): AwaySummary {
  const sum = (pick: (a: AwayResult) => number) => away.reduce((n, a) => n + pick(a), 0);
  return {
    clients: away.length,
    reconnectFailed,
    missed: sum((a) => a.missed),
    recovered: sum((a) => a.recovered),
    lost: sum((a) => a.lost),
    duplicated: sum((a) => a.duplicated),
    outOfOrder: sum((a) => a.outOfOrder),
    byHeader: away.filter((a) => a.resumeBy === 'header').length,
    byQuery: away.filter((a) => a.resumeBy === 'query').length,
  };
}
