/**
 * Scenario (c): how many webhooks a server accepts per second when posted as fast as a
 * fixed number of connections allow (a few stream clients listening, so each accepted
 * event is also fanned out), and the database's raw insert rate in the same run.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { request, startChild } from './children';
import { split, startClientWorkers } from './fanout';
import type { IngestPlan } from './plans';
import { cpuSeconds } from './procfs';
import type { ClientWorkerReply, LoadReport, RawInsertReply } from './protocol';
import { faultTotals, type FaultTotals } from './stats';
import type { BenchTarget } from './targets';

export interface IngestResult {
  acceptedPerSecond: number;
  accepted: number;
  failures: Record<string, number>;
  faults: FaultTotals;
  serverCpuPercent: number;
}

/**
 * Posts as fast as `plan.concurrency` connections allow for `plan.warmupS + plan.durationS`
 * and counts the 202s of the last `durationS`.
 * @throws Error when a child process fails or does not answer in time
 */
export async function runIngest(target: BenchTarget, plan: IngestPlan): Promise<IngestResult> {
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const workers = startClientWorkers(plan.clients);
  const load = startChild('bench/realtime/loadWorker.ts', { ipc: true });
  try {
    const counts = split(plan.clients, workers.length);
    await Promise.all(workers.map((w, i) => request(w, { type: 'open', url: target.streamUrl, count: counts[i] ?? 0, run, concurrency: 50 }, 'opened', 60_000)));
    const cpuBefore = cpuSeconds(target.pid);
    const started = performance.now();
    const report = await request<LoadReport>(
      load,
      { type: 'max', url: target.webhookUrl, secret: target.secret, run, concurrency: plan.concurrency, warmupMs: plan.warmupS * 1000, durationMs: plan.durationS * 1000 },
      'done',
      (plan.warmupS + plan.durationS) * 1000 + 120_000,
    );
    const cpuPercent = ((cpuSeconds(target.pid) - cpuBefore) / ((performance.now() - started) / 1000)) * 100;
    const lastSeq = report.accepted.at(-1)?.seq ?? -1;
    const drainUntil = performance.now() + 15_000;
    while (performance.now() < drainUntil) {
      const progress = await Promise.all(workers.map((w) => request<Extract<ClientWorkerReply, { type: 'progress' }>>(w, { type: 'progress' }, 'progress', 30_000)));
      if (progress.every((p) => p.lowestLastSeq >= lastSeq)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const results = await Promise.all(
      workers.map((w) => request<Extract<ClientWorkerReply, { type: 'results' }>>(w, { type: 'finish', accepted: report.accepted, warmupSeqs: 0 }, 'results', 120_000)),
    );
    return {
      acceptedPerSecond: report.acceptedPerSecond,
      accepted: report.accepted.length,
      failures: report.failures,
      faults: faultTotals(results.flatMap((r) => r.results)),
      serverCpuPercent: cpuPercent,
    };
  } finally {
    await Promise.allSettled(workers.map((w) => request(w, { type: 'close' }, 'closed', 30_000)));
    await Promise.allSettled([...workers, load].map((c) => c.stop(5_000)));
  }
}

/** One raw insert measurement: `concurrency` INSERTs in flight. */
export interface RawInsertRun extends RawInsertReply {
  concurrency: number;
}

/**
 * The raw insert rate (bench/realtime/rawInsert.ts) of PostgreSQL at `databaseUrl`, or of
 * a fresh PGlite under `scratchDir`, once for each of `plan.rawConcurrencies` (INSERTs in
 * flight), in that order, each in a process of its own.
 * @throws Error when a child process fails or does not answer in time
 */
export async function measureRawInserts(databaseUrl: string | undefined, scratchDir: string, plan: IngestPlan): Promise<RawInsertRun[]> {
  const runs: RawInsertRun[] = [];
  for (const concurrency of plan.rawConcurrencies) {
    const child = startChild('bench/realtime/rawInsert.ts', { ipc: true });
    try {
      const reply = await request<RawInsertReply>(
        child,
        { type: 'raw', databaseUrl, pgliteDir: path.join(scratchDir, `raw-${randomBytes(3).toString('hex')}`), concurrency, warmupMs: plan.warmupS * 1000, durationMs: plan.durationS * 1000 },
        'rawDone',
        (plan.warmupS + plan.durationS) * 1000 + 120_000,
      );
      runs.push({ ...reply, concurrency });
    } finally {
      await child.stop(5_000);
    }
  }
  return runs;
}
