/**
 * `npm run bench:realtime -- [options]`: what to run. Pure (tests/unit/benchRealtimeStats.test.ts).
 */
import { parseArgs } from 'node:util';

/** The scenarios of the live-events issue's benchmark. */
export const SCENARIOS = ['a', 'b', 'c', 'd', 'e'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface BenchOptions {
  quick: boolean;
  scenarios: Scenario[];
  /** PostgreSQL instead of the embedded PGlite (a scratch database is made beside it). */
  databaseUrl: string | undefined;
  /** Directory for Floorwatch CPU profiles (`node --cpu-prof`), one per server start; undefined for none. */
  cpuProfDir: string | undefined;
  help: boolean;
}

export const USAGE = `Realtime benchmark: Floorwatch's webhook-to-SSE path against a minimal node:http reference.
See bench/realtime/README.md for the method and how to read the output.

Usage: npm run bench:realtime -- [options]

Options:
  --quick                 Smoke run: a few clients, a few seconds per scenario (targets are not meaningful)
  --scenarios <list>      Comma-separated subset of a,b,c,d,e (default: all)
                            a  1 000 clients x 10 events/s for 60 s
                            b  5 000 clients x 2 events/s
                            c  webhook ingest rate vs the database's raw insert rate
                            d  a client away for 5 s at 10 events/s comes back with Last-Event-ID
                            e  raise clients x rate step by step until a target breaks
  --database-url <url>    Run Floorwatch on PostgreSQL (default: $DATABASE_URL, else embedded PGlite)
  --cpu-prof <dir>        Write a CPU profile of each Floorwatch process (node --cpu-prof) to <dir>
  -h, --help              Show this help
`;

/** A bad command line; the message says what to change. */
export class UsageError extends Error {}

/**
 * Reads the command line.
 * @throws UsageError for an unknown option or scenario
 */
export function parseOptions(argv: string[], env: Record<string, string | undefined> = {}): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean' },
        scenarios: { type: 'string' },
        'database-url': { type: 'string' },
        'cpu-prof': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const wanted = values.scenarios === undefined ? [...SCENARIOS] : values.scenarios.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = wanted.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
  if (unknown.length > 0 || wanted.length === 0) throw new UsageError(`--scenarios takes letters from ${SCENARIOS.join(',')} (got "${values.scenarios ?? ''}")`);
  const databaseUrl = values['database-url'] || env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new UsageError('--database-url (or DATABASE_URL) must start with postgres:// or postgresql://');
  return {
    quick: values.quick === true,
    scenarios: SCENARIOS.filter((s) => wanted.includes(s)),
    databaseUrl,
    cpuProfDir: values['cpu-prof'],
    help: values.help === true,
  };
}
