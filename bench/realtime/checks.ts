/**
 * The live-events issue's targets as PASS/FAIL checks on measured results. Pure.
 */
import type { FanoutResult } from './fanout';
import { faultless } from './stats';

export interface Check {
  pass: boolean;
  /** The target, e.g. "p99 ≤ 50 ms". */
  target: string;
  /** What was measured. */
  measured: string;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** "nothing lost, duplicated or out of order", with every client connected and every webhook accepted. */
export function deliveryCheck(result: FanoutResult): Check {
  const f = result.faults;
  const rejected = Object.values(result.failures).reduce((n, c) => n + c, 0);
  const pass = faultless(f) && result.connectFailed === 0 && rejected === 0;
  return {
    pass,
    target: 'nothing lost, duplicated or out of order',
    measured: `lost ${f.lost}, duplicated ${f.duplicated}, out of order ${f.outOfOrder} over ${f.clients} clients; ${result.connectFailed} clients not connected; ${rejected} webhooks not accepted`,
  };
}

/** (a) 1 000 clients × 10 events/s: p99 ≤ 50 ms and ≤ 2× the reference's, nothing lost. */
export function checksA(floorwatch: FanoutResult, reference: FanoutResult): Check[] {
  const p99 = floorwatch.latency.p99;
  return [
    { pass: p99 <= 50, target: 'p99 ≤ 50 ms', measured: ms(p99) },
    { pass: p99 <= 2 * reference.latency.p99, target: 'p99 ≤ 2× reference p99', measured: `${ms(p99)} vs 2 × ${ms(reference.latency.p99)} = ${ms(2 * reference.latency.p99)}` },
    deliveryCheck(floorwatch),
  ];
}

/** (b) 5 000 clients × 2 events/s: p99 ≤ 250 ms, ≤ 15 KB of server memory per connection. */
export function checksB(floorwatch: FanoutResult): Check[] {
  return [
    { pass: floorwatch.latency.p99 <= 250, target: 'p99 ≤ 250 ms', measured: ms(floorwatch.latency.p99) },
    { pass: floorwatch.memoryPerConnectionKiB <= 15, target: 'server memory ≤ 15 KB per connection', measured: `${floorwatch.memoryPerConnectionKiB.toFixed(1)} KB` },
    deliveryCheck(floorwatch),
  ];
}

/** (c) webhook ingest ≥ 0.6× the database's raw insert rate. */
export function checksC(ingestPerSecond: number, rawInsertsPerSecond: number): Check[] {
  const ratio = ingestPerSecond / rawInsertsPerSecond;
  return [
    {
      pass: ratio >= 0.6,
      target: 'webhook ingest ≥ 0.6× raw insert rate',
      measured: `${ingestPerSecond.toFixed(0)}/s vs ${rawInsertsPerSecond.toFixed(0)} rows/s = ${ratio.toFixed(2)}×`,
    },
  ];
}

/** (d) clients away for a while get 100 % of what they missed, in order, once, on reconnect. */
export function checksD(floorwatch: FanoutResult): Check[] {
  const away = floorwatch.away;
  if (!away) return [{ pass: false, target: 'away clients measured', measured: 'none' }];
  const share = away.missed > 0 ? (away.recovered / away.missed) * 100 : 0;
  return [
    {
      pass: away.missed > 0 && away.recovered === away.missed && away.lost === 0 && away.reconnectFailed === 0,
      target: '100 % of the missed events after reconnect',
      measured: `${share.toFixed(1)} % (${away.recovered} of ${away.missed} over ${away.clients} clients; ${away.byHeader} by Last-Event-ID header, ${away.byQuery} by ?last_event_id=)`,
    },
    { pass: away.outOfOrder === 0 && away.duplicated === 0, target: 'in order, none twice', measured: `out of order ${away.outOfOrder}, duplicated ${away.duplicated}` },
    deliveryCheck(floorwatch),
  ];
}

/**
 * Why a ramp step breaks the targets of (a), or null when it holds: every client
 * connected, every webhook accepted and the load kept its rate, nothing lost, duplicated
 * or out of order, p99 ≤ 50 ms.
 */
export function stepBreak(result: FanoutResult): string | null {
  const reasons: string[] = [];
  if (result.connectFailed > 0) reasons.push(`${result.connectFailed} clients could not connect`);
  const rejected = Object.values(result.failures).reduce((n, c) => n + c, 0);
  if (rejected > 0) reasons.push(`${rejected} webhooks not accepted`);
  if (result.acceptedPerSecond < 0.95 * result.spec.rate) reasons.push(`accepted ${result.acceptedPerSecond.toFixed(1)}/s of ${result.spec.rate}/s`);
  if (!faultless(result.faults)) reasons.push(`lost ${result.faults.lost}, duplicated ${result.faults.duplicated}, out of order ${result.faults.outOfOrder}`);
  if (!(result.latency.p99 <= 50)) reasons.push(`p99 ${ms(result.latency.p99)} > 50 ms`);
  return reasons.length > 0 ? reasons.join('; ') : null;
}
