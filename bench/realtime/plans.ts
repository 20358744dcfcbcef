/**
 * The sizes of each scenario: the live-events issue's (full) and a smoke run's (quick).
 * Pure data.
 */
import type { FanoutSpec } from './fanout';

export interface IngestPlan {
  /** Stream clients open during the ingest, so every accepted event is also fanned out. */
  clients: number;
  /**
   * POSTs in flight at once: enough to keep the server busy, as a rate is measured. With
   * 16, a webhook's round trip (HTTP about 3 ms here, then the batch's statement) left a
   * quarter of the 2 cores idle, and the figure was 16 divided by latency, not the rate
   * Floorwatch takes (PostgreSQL, scenario c runs: 0.42–0.45× raw with 16 in flight,
   * 0.58–0.67× with 64, 0.71× with 128).
   */
  concurrency: number;
  /**
   * Raw INSERTs in flight, one measurement each: the database's raw insert rate is the
   * best of them, so the yardstick is the database at its fastest, not at one setting.
   */
  rawConcurrencies: readonly number[];
  warmupS: number;
  durationS: number;
}

export interface RampPlan {
  /** Loads tried in order (clients × webhooks per second) until a target breaks. */
  steps: { clients: number; rate: number }[];
  durationS: number;
  warmupS: number;
}

export interface Plan {
  a: FanoutSpec;
  b: FanoutSpec;
  c: IngestPlan;
  d: FanoutSpec;
  e: RampPlan;
}

/** The sizes for a full or a quick run. */
export function planFor(quick: boolean): Plan {
  if (quick) {
    return {
      a: { clients: 50, rate: 10, durationS: 5, warmupS: 1 },
      b: { clients: 200, rate: 2, durationS: 5, warmupS: 1 },
      c: { clients: 5, concurrency: 8, rawConcurrencies: [8], warmupS: 1, durationS: 3 },
      d: { clients: 20, rate: 10, durationS: 8, warmupS: 1, away: { clients: 4, atS: 2, awayS: 3 } },
      e: {
        steps: [
          { clients: 50, rate: 10 },
          { clients: 100, rate: 20 },
        ],
        durationS: 4,
        warmupS: 1,
      },
    };
  }
  return {
    // 2 s of warm-up, then the 60 s measured.
    a: { clients: 1000, rate: 10, durationS: 62, warmupS: 2 },
    b: { clients: 5000, rate: 2, durationS: 32, warmupS: 2 },
    c: { clients: 10, concurrency: 128, rawConcurrencies: [8, 16, 64], warmupS: 2, durationS: 10 },
    d: { clients: 100, rate: 10, durationS: 16, warmupS: 2, away: { clients: 10, atS: 5, awayS: 5 } },
    e: {
      // From below (a)'s load, so a busy machine still shows where each server stands.
      steps: [
        { clients: 250, rate: 10 },
        { clients: 500, rate: 10 },
        { clients: 1000, rate: 10 },
        { clients: 1000, rate: 20 },
        { clients: 2000, rate: 15 },
        { clients: 2000, rate: 20 },
        { clients: 3000, rate: 20 },
        { clients: 4000, rate: 20 },
        { clients: 5000, rate: 20 },
        { clients: 5000, rate: 30 },
        { clients: 8000, rate: 30 },
      ],
      durationS: 12,
      warmupS: 2,
    },
  };
}
