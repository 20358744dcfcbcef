/**
 * The bench's pure statistics (tests/unit/benchRealtimeStats.test.ts): latency
 * percentiles, and per client what was lost, duplicated or delivered out of order.
 */

/** End-to-end latencies of one run, in ms. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * The nearest-rank percentile of ascending `sorted` values: the smallest value with at
 * least `p` percent of the values at or below it. NaN when there are none.
 * @param p percent, 0 to 100
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** p50, p99 and max of `samples` (any order; not modified). */
export function summarizeLatencies(samples: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN };
}

/** Joins sample arrays (one per client worker) into one. */
export function concatSamples(parts: readonly ArrayLike<number>[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** What one client got, against what the load had accepted. */
export interface ClientResult {
  received: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
}

/**
 * One client's record of the load events it received (see bench/realtime/marker.ts).
 * - duplicated: each delivery of a seq after its first;
 * - out of order: a first delivery of seq j after an event whose `after` is ≥ j, i.e.
 *   one posted only once j had been answered 202 (two POSTs in flight at once may
 *   legitimately swap, so they are never counted);
 * - lost: an accepted seq never delivered (see `result`).
 */
export class ClientTally {
  private counts = new Uint8Array(256);
  /** The largest `after` among events received so far. */
  private maxAfter = -1;
  received = 0;
  duplicated = 0;
  outOfOrder = 0;

  /** Records one delivery; returns true when it is the first of this seq. */
  record(seq: number, after: number): boolean {
    if (!Number.isInteger(seq) || seq < 0) throw new RangeError(`seq must be a whole number ≥ 0, got ${seq}`);
    if (seq >= this.counts.length) {
      const grown = new Uint8Array(Math.max(seq + 1, this.counts.length * 2));
      grown.set(this.counts);
      this.counts = grown;
    }
    const before = this.counts[seq] as number;
    if (before < 255) this.counts[seq] = before + 1;
    if (before > 0) {
      this.duplicated++;
      return false;
    }
    this.received++;
    if (seq <= this.maxAfter) this.outOfOrder++;
    if (after > this.maxAfter) this.maxAfter = after;
    return true;
  }

  /** True when `seq` was delivered at least once. */
  has(seq: number): boolean {
    return seq < this.counts.length && (this.counts[seq] as number) > 0;
  }

  /** The tally against the seqs the load had accepted (answered 202) while this client should have been listening. */
  result(expected: Iterable<number>): ClientResult {
    let lost = 0;
    for (const seq of expected) if (!this.has(seq)) lost++;
    return { received: this.received, lost, duplicated: this.duplicated, outOfOrder: this.outOfOrder };
  }
}

/** Totals over clients, and how many clients had each kind of fault. */
export interface FaultTotals {
  clients: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  clientsLosing: number;
  clientsDuplicated: number;
  clientsOutOfOrder: number;
  /** The most one client lost. */
  maxLostPerClient: number;
}

/** Adds up client results. */
export function faultTotals(results: readonly ClientResult[]): FaultTotals {
  const totals: FaultTotals = { clients: results.length, lost: 0, duplicated: 0, outOfOrder: 0, clientsLosing: 0, clientsDuplicated: 0, clientsOutOfOrder: 0, maxLostPerClient: 0 };
  for (const r of results) {
    totals.lost += r.lost;
    totals.duplicated += r.duplicated;
    totals.outOfOrder += r.outOfOrder;
    if (r.lost > 0) totals.clientsLosing++;
    if (r.duplicated > 0) totals.clientsDuplicated++;
    if (r.outOfOrder > 0) totals.clientsOutOfOrder++;
    totals.maxLostPerClient = Math.max(totals.maxLostPerClient, r.lost);
  }
  return totals;
}

/** True when no client lost, repeated or reordered anything. */
export const faultless = (t: FaultTotals): boolean => t.lost === 0 && t.duplicated === 0 && t.outOfOrder === 0;

/** One accepted load event: its seq and when its POST started (µs, CLOCK_MONOTONIC). */
export interface AcceptedEvent {
  seq: number;
  sentMicros: number;
}

/** Of the events posted while a client was away (`fromMicros` to `toMicros`), how many it got later. */
export function recovery(tally: Pick<ClientTally, 'has'>, accepted: readonly AcceptedEvent[], fromMicros: number, toMicros: number): { missed: number; recovered: number } {
  let missed = 0;
  let recovered = 0;
  for (const event of accepted) {
    if (event.sentMicros < fromMicros || event.sentMicros > toMicros) continue;
    missed++;
    if (tally.has(event.seq)) recovered++;
  }
  return { missed, recovered };
}
