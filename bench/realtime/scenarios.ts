/**
 * The five scenarios of the live-events issue's benchmark. Each starts fresh server
 * processes (reference, then Floorwatch), measures both the same way, and returns the
 * text to print and its PASS/FAIL checks.
 */
import { checksA, checksB, checksC, checksD, stepBreak, type Check } from './checks';
import { runFanout, type FanoutResult, type FanoutSpec } from './fanout';
import { measureRawInserts, runIngest, type IngestResult } from './ingest';
import type { Plan } from './plans';
import { checkLines, fanoutRows, num, table } from './report';
import { startFloorwatch, startReference, type BenchTarget, type FloorwatchSetup, type TargetName } from './targets';

export interface BenchContext {
  setup: FloorwatchSetup;
  plan: Plan;
  /** Open files a server may need: the most clients of any run, plus room. */
  serverOpenFiles: number;
  cpuProfDir: string | undefined;
  /** Servers run with an inspector, for a GC before each memory reading. */
  inspect: boolean;
  /** Progress lines (stderr). */
  log: (line: string) => void;
}

export interface ScenarioOutcome {
  text: string;
  checks: Check[];
}

async function withTarget<T>(name: TargetName, ctx: BenchContext, work: (target: BenchTarget) => Promise<T>): Promise<T> {
  const nodeArgs = name === 'Floorwatch' && ctx.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${ctx.cpuProfDir}`] : [];
  const options = { openFiles: ctx.serverOpenFiles, nodeArgs, inspect: ctx.inspect };
  const target = name === 'reference' ? await startReference(options) : await startFloorwatch(ctx.setup, options);
  try {
    return await work(target);
  } finally {
    await target.stop();
  }
}

const describe = (spec: FanoutSpec) =>
  `${spec.clients} clients × ${spec.rate} events/s for ${spec.durationS} s (first ${spec.warmupS} s warm-up, left out of the latency)`;

async function bothFanouts(ctx: BenchContext, spec: FanoutSpec, label: string): Promise<{ floorwatch: FanoutResult; reference: FanoutResult }> {
  ctx.log(`${label}: reference, ${describe(spec)}`);
  const reference = await withTarget('reference', ctx, (t) => runFanout(t, spec));
  ctx.log(`${label}: Floorwatch, ${describe(spec)}`);
  const floorwatch = await withTarget('Floorwatch', ctx, (t) => runFanout(t, spec));
  return { floorwatch, reference };
}

const sideBySide = (title: string, floorwatch: FanoutResult, reference: FanoutResult) => table([title, 'Floorwatch', 'reference'], fanoutRows([floorwatch, reference]));

/** (a) 1 000 clients × 10 events/s for 60 s. */
export async function scenarioA(ctx: BenchContext): Promise<ScenarioOutcome> {
  const { floorwatch, reference } = await bothFanouts(ctx, ctx.plan.a, '(a)');
  const checks = checksA(floorwatch, reference);
  return { text: `(a) ${describe(ctx.plan.a)}\n\n${sideBySide('(a)', floorwatch, reference)}\n\n${checkLines(checks)}`, checks };
}

/** (b) 5 000 clients × 2 events/s. */
export async function scenarioB(ctx: BenchContext): Promise<ScenarioOutcome> {
  const { floorwatch, reference } = await bothFanouts(ctx, ctx.plan.b, '(b)');
  const checks = checksB(floorwatch);
  return { text: `(b) ${describe(ctx.plan.b)}\n\n${sideBySide('(b)', floorwatch, reference)}\n\n${checkLines(checks)}`, checks };
}

/** (c) ingest rate against the raw insert rate; each event serialised once. */
export async function scenarioC(ctx: BenchContext): Promise<ScenarioOutcome> {
  const plan = ctx.plan.c;
  ctx.log(`(c): reference, webhooks as fast as ${plan.concurrency} connections allow`);
  const reference = await withTarget('reference', ctx, (t) => runIngest(t, plan));
  ctx.log(`(c): Floorwatch, webhooks as fast as ${plan.concurrency} connections allow`);
  const floorwatch = await withTarget('Floorwatch', ctx, (t) => runIngest(t, plan));
  ctx.log(`(c): raw inserts into ${ctx.setup.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${plan.rawConcurrencies.join(', ')} in flight`);
  const rawRuns = await measureRawInserts(ctx.setup.databaseUrl, ctx.setup.dataDir, plan);
  const raw = rawRuns.reduce((best, run) => (run.rowsPerSecond > best.rowsPerSecond ? run : best));
  const rows = (label: string, value: (r: IngestResult) => string) => [label, value(floorwatch), value(reference)];
  const text = table(
    ['(c)', 'Floorwatch', 'reference'],
    [
      rows('webhooks accepted per s', (r) => num(r.acceptedPerSecond)),
      rows('webhooks not accepted', (r) => String(Object.values(r.failures).reduce((n, c) => n + c, 0))),
      ...rawRuns.map((run) => [`raw inserts per s, ${run.concurrency} in flight`, num(run.rowsPerSecond), 'no database']),
      [`raw insert rate (the best: ${raw.concurrency} in flight)`, num(raw.rowsPerSecond), '–'],
      ['ingest / raw insert', num(floorwatch.acceptedPerSecond / raw.rowsPerSecond, 2), '–'],
      rows('server CPU (% of a core)', (r) => num(r.serverCpuPercent, 0)),
      rows(`lost / dup / out of order (${plan.clients} clients)`, (r) => `${r.faults.lost} / ${r.faults.duplicated} / ${r.faults.outOfOrder}`),
    ],
  );
  const checks = checksC(floorwatch.acceptedPerSecond, raw.rowsPerSecond);
  const serialisedOnce =
    '  Each event is serialised once, not once per client: SseHub.broadcast (server/realtime/sseHub.ts) frames a bus\n' +
    '  message once and writes that same string to every connection of the organization; tests/unit/sseHub.test.ts\n' +
    '  ("frames each message once and writes the very same string to every connection") asserts one JSON.stringify\n' +
    '  for three connections. (a) and (b) show the effect: server CPU grows with deliveries, not with clients × JSON.';
  const header =
    `(c) webhook ingest: POSTs ${plan.concurrency} at a time for ${plan.durationS} s after ${plan.warmupS} s warm-up, ${plan.clients} stream clients listening;\n` +
    `    raw insert: single-row INSERTs into events, ${plan.rawConcurrencies.join(', ')} at a time (the best counts), on ${ctx.setup.databaseUrl ? 'the same PostgreSQL database' : 'a fresh PGlite database (same engine and schema)'}`;
  return { text: `${header}\n\n${text}\n\n${checkLines(checks)}\n${serialisedOnce}`, checks };
}

/** (d) clients away for 5 s at 10 events/s, back with Last-Event-ID (header or ?last_event_id=). */
export async function scenarioD(ctx: BenchContext): Promise<ScenarioOutcome> {
  const spec = ctx.plan.d;
  const { floorwatch, reference } = await bothFanouts(ctx, spec, '(d)');
  const checks = checksD(floorwatch);
  const away = spec.away ? `; ${spec.away.clients} of them leave at ${spec.away.atS} s for ${spec.away.awayS} s` : '';
  return { text: `(d) ${describe(spec)}${away}\n\n${sideBySide('(d)', floorwatch, reference)}\n\n${checkLines(checks)}`, checks };
}

interface RampStep {
  clients: number;
  rate: number;
  result: FanoutResult;
  broke: string | null;
}

async function ramp(name: TargetName, ctx: BenchContext): Promise<RampStep[]> {
  const plan = ctx.plan.e;
  return withTarget(name, ctx, async (target) => {
    const steps: RampStep[] = [];
    for (const step of plan.steps) {
      if (step.clients + 256 > ctx.serverOpenFiles) {
        ctx.log(`(e): ${name}: skipping ${step.clients} clients: more than the open-file limit allows`);
        break;
      }
      ctx.log(`(e): ${name}, ${step.clients} clients × ${step.rate} events/s for ${plan.durationS} s`);
      const result = await runFanout(target, { clients: step.clients, rate: step.rate, durationS: plan.durationS, warmupS: plan.warmupS });
      const broke = stepBreak(result);
      steps.push({ ...step, result, broke });
      if (broke) break;
    }
    return steps;
  });
}

/** (e) raises clients × rate step by step until a target of (a) breaks. */
export async function scenarioE(ctx: BenchContext): Promise<ScenarioOutcome> {
  const reference = await ramp('reference', ctx);
  const floorwatch = await ramp('Floorwatch', ctx);
  const cell = (step: RampStep | undefined) => (step ? `${num(step.result.latency.p99)} ${step.broke ? 'BREAKS' : 'ok'}` : '–');
  const rows = ctx.plan.e.steps
    .map((step, i) => [
      `${step.clients} × ${step.rate}/s`,
      String(step.clients * step.rate),
      cell(floorwatch[i]),
      floorwatch[i] ? num(floorwatch[i].result.serverCpuPercent, 0) : '–',
      cell(reference[i]),
      reference[i] ? num(reference[i].result.serverCpuPercent, 0) : '–',
    ])
    .filter((row) => row[2] !== '–' || row[4] !== '–');
  const where = (name: string, steps: RampStep[]) => {
    const last = steps.at(-1);
    const held = steps.filter((s) => !s.broke).at(-1);
    const heldText = held ? `holds up to ${held.clients} clients × ${held.rate} events/s (${held.clients * held.rate} deliveries/s)` : 'holds no step';
    if (last?.broke) return `  ${name} ${heldText}; breaks at ${last.clients} × ${last.rate}/s: ${last.broke}`;
    return `  ${name} ${heldText}; did not break within the steps tried`;
  };
  const checks: Check[] = [];
  const header = `(e) ramp: each step ${ctx.plan.e.durationS} s (first ${ctx.plan.e.warmupS} s warm-up); a step breaks on: a client not connected, a webhook not accepted or\n    the rate not kept, anything lost/duplicated/out of order, or p99 > 50 ms`;
  const text = table(['(e) clients × rate', 'deliveries/s', 'Floorwatch p99 (ms)', 'FW CPU %', 'reference p99 (ms)', 'ref CPU %'], rows);
  return { text: `${header}\n\n${text}\n\n${where('Floorwatch', floorwatch)}\n${where('reference ', reference)}`, checks };
}
