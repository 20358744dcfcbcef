/**
 * `npm run bench:realtime`: the live-events issue's benchmark (bench/realtime/README.md).
 * Exit codes: 0 every target passed, 1 a target failed or the bench could not run, 2 bad arguments.
 */
import os from 'node:os';
import { checkLines } from './report';
import { openFileLimits } from './procfs';
import { planFor } from './plans';
import { parseOptions, USAGE, UsageError, type Scenario } from './options';
import { prepareFloorwatch } from './targets';
import { canCollectGarbage } from './inspector';
import { scenarioA, scenarioB, scenarioC, scenarioD, scenarioE, type BenchContext, type ScenarioOutcome } from './scenarios';
import type { Check } from './checks';

const RUNNERS: Record<Scenario, (ctx: BenchContext) => Promise<ScenarioOutcome>> = { a: scenarioA, b: scenarioB, c: scenarioC, d: scenarioD, e: scenarioE };

async function main(): Promise<number> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const plan = planFor(options.quick);
  const mostClients = Math.max(plan.a.clients, plan.b.clients, plan.d.clients, ...plan.e.steps.map((s) => s.clients));
  const limits = openFileLimits();
  const serverOpenFiles = Math.min(limits.hard, mostClients + 1024);
  if (serverOpenFiles < Math.max(plan.a.clients, plan.b.clients) + 256) {
    console.error(
      `This run needs about ${mostClients + 1024} open files per server process, but the hard limit (ulimit -Hn) is ${limits.hard}.\n` +
        'Raise it (as root: ulimit -Hn 65536, or nofile in /etc/security/limits.conf) and try again.',
    );
    return 1;
  }
  if (serverOpenFiles > limits.soft) console.error(`· raising the open-file limit of the servers and clients from ${limits.soft} (soft) to up to ${serverOpenFiles} (hard ${limits.hard})`);

  const log = (line: string) => console.error(`· ${line}`);
  log(`preparing Floorwatch's data on ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  const setup = await prepareFloorwatch(options.databaseUrl);
  const inspect = canCollectGarbage();
  if (!inspect) log('no global WebSocket (run with node --experimental-websocket): memory is read without a GC first, so it is noisier');
  const ctx: BenchContext = { setup, plan, serverOpenFiles, cpuProfDir: options.cpuProfDir, inspect, log };
  const all: { scenario: Scenario; checks: Check[] }[] = [];
  console.log(
    `Realtime benchmark${options.quick ? ' (--quick: smoke sizes, targets not meaningful)' : ''} — Floorwatch on ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
      `node ${process.version}, ${os.cpus().length} cores\n`,
  );
  try {
    for (const scenario of options.scenarios) {
      const loadBefore = os.loadavg()[0] ?? 0;
      const outcome = await RUNNERS[scenario](ctx);
      // Other work on the machine shows in the tail latencies: say how busy it was.
      console.log(`${outcome.text}\n  machine load average (1 min): ${loadBefore.toFixed(1)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end\n`);
      all.push({ scenario, checks: outcome.checks });
    }
  } finally {
    await setup.dispose();
  }
  const checks = all.flatMap((a) => a.checks.map((c) => ({ ...c, target: `(${a.scenario}) ${c.target}` })));
  const failed = checks.filter((c) => !c.pass).length;
  console.log(`Summary: ${checks.length - failed} of ${checks.length} targets passed\n${checkLines(checks)}`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
