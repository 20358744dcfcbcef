/**
 * Printing: side-by-side tables of Floorwatch and the reference, and PASS/FAIL lines.
 * Pure (strings in, strings out).
 */
import type { Check } from './checks';
import type { FanoutResult } from './fanout';

export type Row = string[];

/** A plain-text table: first column left-aligned, the others right-aligned. */
export function table(header: Row, rows: Row[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: Row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('   ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('   '), ...rows.map(line)].join('\n');
}

/** A number with `digits` decimals; "–" for NaN. */
export const num = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** The side-by-side rows of fan-out runs (one column each). */
export function fanoutRows(results: FanoutResult[]): Row[] {
  const rows: Row[] = [];
  const add = (label: string, value: (r: FanoutResult) => string) => rows.push([label, ...results.map(value)]);
  add('clients connected', (r) => `${r.connected} / ${r.spec.clients}`);
  add('webhooks offered per s', (r) => num(r.spec.rate));
  add('webhooks accepted per s', (r) => num(r.acceptedPerSecond));
  add('webhooks not accepted', (r) => String(Object.values(r.failures).reduce((n, c) => n + c, 0)));
  add('webhook answered p50 / p99 (ms)', (r) => `${num(r.answer.p50)} / ${num(r.answer.p99)}`);
  add('latency p50 (ms)', (r) => num(r.latency.p50));
  add('latency p99 (ms)', (r) => num(r.latency.p99));
  add('latency max (ms)', (r) => num(r.latency.max));
  add('deliveries measured', (r) => String(r.latency.count));
  add('server RSS idle → clients (MB)', (r) => `${num(r.rssBeforeKiB / 1024)} → ${num(r.rssConnectedKiB / 1024)}`);
  add('server memory per connection (KB)', (r) => num(r.memoryPerConnectionKiB));
  add('server RSS after the load (MB)', (r) => num(r.rssAfterKiB / 1024));
  add('server CPU during load (% of a core)', (r) => num(r.serverCpuPercent, 0));
  add('lost / duplicated / out of order', (r) => `${r.faults.lost} / ${r.faults.duplicated} / ${r.faults.outOfOrder}`);
  add('clients losing / dup / out of order', (r) => `${r.faults.clientsLosing} / ${r.faults.clientsDuplicated} / ${r.faults.clientsOutOfOrder}`);
  add('EventSource errors (reconnects)', (r) => String(r.clientErrors));
  add('slow clients dropped by server', (r) => (r.target === 'Floorwatch' ? String(r.droppedSlow) : 'n/a'));
  add('drain after last answer (ms)', (r) => num(r.drainMs, 0));
  if (results.some((r) => r.away)) {
    add('away clients (header / query)', (r) => (r.away ? `${r.away.clients} (${r.away.byHeader} / ${r.away.byQuery})` : '–'));
    add('  events missed while away', (r) => String(r.away?.missed ?? '–'));
    add('  recovered on reconnect', (r) => (r.away ? `${r.away.recovered} (${num(r.away.missed ? (100 * r.away.recovered) / r.away.missed : 0)} %)` : '–'));
    add('  lost / duplicated / out of order', (r) => (r.away ? `${r.away.lost} / ${r.away.duplicated} / ${r.away.outOfOrder}` : '–'));
  }
  return rows;
}

/** One line per check: `PASS  target  (measured)`. */
export function checkLines(checks: Check[]): string {
  return checks.map((c) => `  ${c.pass ? 'PASS' : 'FAIL'}  ${c.target}  (${c.measured})`).join('\n');
}
