import { describe, expect, it } from 'vitest';
import { decodeMarker, encodeMarker } from '../../bench/realtime/marker';
import { parseOptions, UsageError } from '../../bench/realtime/options';
import { ClientTally, concatSamples, faultTotals, percentile, recovery, summarizeLatencies } from '../../bench/realtime/stats';
import { split, workersFor } from '../../bench/realtime/fanout';
import { statusField } from '../../bench/realtime/procfs';
import { table } from '../../bench/realtime/report';

describe('bench:realtime statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarises unsorted samples without changing them', () => {
    const samples = new Float64Array([5, 1, 9, 3, 7]);
    expect(summarizeLatencies(samples)).toEqual({ count: 5, p50: 5, p99: 9, max: 9 });
    expect([...samples]).toEqual([5, 1, 9, 3, 7]);
    expect([...concatSamples([new Float64Array([1, 2]), [3]])]).toEqual([1, 2, 3]);
  });

  it('counts lost, duplicated and out-of-order deliveries per client', () => {
    const tally = new ClientTally();
    // 0..4 posted one after another (each after the previous was answered): after = seq - 1.
    tally.record(0, -1);
    tally.record(2, 1);
    tally.record(1, 0); // 1 was answered before 2 was posted, yet came after it
    tally.record(2, 1); // again
    tally.record(4, 3);
    expect(tally.result([0, 1, 2, 3, 4])).toEqual({ received: 4, lost: 1, duplicated: 1, outOfOrder: 1 });
  });

  it('does not count two POSTs in flight together as out of order', () => {
    const tally = new ClientTally();
    tally.record(0, -1);
    tally.record(2, 0); // posted while 1 was still unanswered
    tally.record(1, 0);
    expect(tally.result([0, 1, 2])).toEqual({ received: 3, lost: 0, duplicated: 0, outOfOrder: 0 });
  });

  it('grows past its first size and rejects a seq that is not a whole number', () => {
    const tally = new ClientTally();
    tally.record(10_000, 9_999);
    expect(tally.has(10_000)).toBe(true);
    expect(tally.has(9_999)).toBe(false);
    expect(() => tally.record(-1, -1)).toThrow(RangeError);
  });

  it('adds up clients and tells what an away client got back', () => {
    expect(
      faultTotals([
        { received: 3, lost: 0, duplicated: 0, outOfOrder: 0 },
        { received: 1, lost: 2, duplicated: 1, outOfOrder: 0 },
      ]),
    ).toEqual({ clients: 2, lost: 2, duplicated: 1, outOfOrder: 0, clientsLosing: 1, clientsDuplicated: 1, clientsOutOfOrder: 0, maxLostPerClient: 2 });
    const tally = new ClientTally();
    tally.record(0, -1);
    tally.record(2, 1);
    const accepted = [0, 1, 2, 3].map((seq) => ({ seq, sentMicros: 1000 * seq }));
    expect(recovery(tally, accepted, 1000, 3000)).toEqual({ missed: 3, recovered: 1 });
  });
});

describe('bench:realtime marker', () => {
  it('round-trips through an event name and ignores names without it', () => {
    const marker = { run: 'lz3k9a1f2', seq: 41, after: 40, sentMicros: 123_456_789 };
    expect(decodeMarker(`Lobby tripwire${encodeMarker(marker)}`)).toEqual(marker);
    expect(decodeMarker(`x${encodeMarker({ ...marker, after: -1 })}`)?.after).toBe(-1);
    expect(decodeMarker('Lobby tripwire')).toBeNull();
    expect(decodeMarker(null)).toBeNull();
  });
});

describe('bench:realtime options and helpers', () => {
  it('runs every scenario by default and a chosen subset in order', () => {
    expect(parseOptions([]).scenarios).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseOptions(['--quick', '--scenarios', 'd,a'])).toMatchObject({ quick: true, scenarios: ['a', 'd'] });
    expect(parseOptions([], { DATABASE_URL: 'postgres://x@127.0.0.1/db' }).databaseUrl).toBe('postgres://x@127.0.0.1/db');
    expect(() => parseOptions(['--scenarios', 'a,z'])).toThrow(UsageError);
    expect(() => parseOptions(['--database-url', 'mysql://x'])).toThrow(UsageError);
    expect(() => parseOptions(['--nope'])).toThrow(UsageError);
  });

  it('splits clients over workers', () => {
    expect(workersFor(50)).toBe(1);
    expect(workersFor(1000)).toBe(2);
    expect(workersFor(5000)).toBe(4);
    expect(split(10, 3)).toEqual([4, 3, 3]);
  });

  it('reads a /proc status field and lays out a table', () => {
    expect(statusField('Name:\tnode\nVmRSS:\t  123456 kB\nVmHWM:\t 2 kB\n', 'VmRSS')).toBe(123456);
    expect(() => statusField('Name:\tnode\n', 'VmRSS')).toThrow();
    expect(table(['x', 'A', 'B'], [['row', '1', '22']]).split('\n')).toEqual(['x     A    B', '---   -   --', 'row   1   22']);
  });
});
