/**
 * Messages between the bench's main process and its child processes (IPC, advanced
 * serialization, so typed arrays pass as they are). Each request gets one reply.
 */
import type { AcceptedEvent, ClientResult, LatencySummary } from './stats';

/** How a client that was away asks for what it missed: the `Last-Event-ID` header, or `?last_event_id=` (as the browser app does). */
export type ResumeBy = 'header' | 'query';

export type ClientWorkerRequest =
  /** Opens `count` more EventSources on `url` (each waits for `connected`); replies `opened` with this call's counts. */
  | { type: 'open'; url: string; count: number; run: string; concurrency: number }
  /** Closes clients `indexes` (of this worker) for `awayMs`, then reopens them resuming from their last event id; replies `back`. */
  | { type: 'away'; indexes: number[]; awayMs: number; resumeBy: ResumeBy[] }
  /** Tallies every client against the accepted events; replies `results`. */
  | { type: 'finish'; accepted: AcceptedEvent[]; warmupSeqs: number }
  /** Highest seq every measured client has; replies `progress`. */
  | { type: 'progress' }
  /** Closes every client; replies `closed`. */
  | { type: 'close' };

export interface AwayResult extends ClientResult {
  missed: number;
  recovered: number;
  resumeBy: ResumeBy;
}

export type ClientWorkerReply =
  | { type: 'opened'; ok: number; failed: number; errors: string[] }
  | { type: 'back'; ok: number; failed: number }
  | { type: 'progress'; lowestLastSeq: number }
  | {
      type: 'results';
      /** Clients that stayed connected. */
      results: ClientResult[];
      away: AwayResult[];
      /** ms from POST start to delivery, measured clients only, warm-up events left out. */
      latencies: Float64Array;
      /** `error` events of the EventSources (each is a lost connection the client retries). */
      errors: number;
    }
  | { type: 'closed' };

export type LoadRequest =
  /** Posts `rate` events per second, evenly spaced, for `durationMs`; replies `done`. */
  | { type: 'fixed'; url: string; secret: string; run: string; rate: number; durationMs: number; maxInFlight: number }
  /** Keeps `concurrency` POSTs in flight for `warmupMs + durationMs`, counting the last `durationMs`; replies `done`. */
  | { type: 'max'; url: string; secret: string; run: string; concurrency: number; warmupMs: number; durationMs: number };

export interface LoadReport {
  type: 'done';
  /** Events answered 202, in seq order. */
  accepted: AcceptedEvent[];
  /** Events answered otherwise or not at all, by status ('error' for none). */
  failures: Record<string, number>;
  /** Events the schedule called for (fixed) or POSTs started (max). */
  offered: number;
  /** 202 answers per second over the measured time. */
  acceptedPerSecond: number;
  /** POSTs that started more than 10 ms after their scheduled time (fixed mode): the load fell behind. */
  lateStarts: number;
  /** ms from POST start to its answer (the server's ingest time as the sender sees it). */
  answer: LatencySummary;
}

export type LoadReply = LoadReport;

export type RawInsertRequest = { type: 'raw'; databaseUrl: string | undefined; pgliteDir: string; concurrency: number; warmupMs: number; durationMs: number };
export type RawInsertReply = { type: 'rawDone'; rowsPerSecond: number; rows: number };
