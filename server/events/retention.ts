import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, organizations } from '../db/schema';
import type { FileStore } from '../files/fileStore';

/** Rows one delete statement removes, so no transaction holds many locks for long. */
const BATCH = 500;

/** What one retention run removed. */
export interface RetentionResult {
  /** Events deleted (their alerts and notifications went with them, by cascade). */
  events: number;
  /** Thumbnail files that could not be removed (left on disk, logged by the caller). */
  fileErrors: number;
}

/**
 * Deletes every event received before `cutoff`, organization by organization and in
 * batches (each an index range on `(organization_id, received_at)`, never a scan of the
 * whole table), with their alerts and the alerts' notifications through the foreign
 * keys' `ON DELETE CASCADE`, then removes their thumbnail files. A file is removed only
 * after its row is gone, so no event ever points to a missing file; a failed removal
 * leaves the file behind, counted in `fileErrors`.
 * @throws what the database throws (the next run starts again)
 */
export async function deleteEventsReceivedBefore(deps: { db: Db; files: FileStore }, cutoff: Date): Promise<RetentionResult> {
  const result: RetentionResult = { events: 0, fileErrors: 0 };
  const orgs = await deps.db.select({ id: organizations.id }).from(organizations);
  for (const { id: organizationId } of orgs) {
    for (;;) {
      const expired = deps.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.organizationId, organizationId), lt(events.receivedAt, cutoff)))
        .limit(BATCH);
      const deleted = await deps.db.delete(events).where(inArray(events.id, expired)).returning({ thumbnailKey: events.thumbnailKey });
      result.events += deleted.length;
      for (const { thumbnailKey } of deleted) {
        if (thumbnailKey === null) continue;
        await deps.files.delete(thumbnailKey).catch(() => {
          result.fileErrors += 1;
        });
      }
      if (deleted.length < BATCH) break;
    }
  }
  return result;
}

/** How the retention job runs. */
export interface RetentionJobOptions {
  /** Events older than this many days (since they were received) are deleted. */
  days: number;
  /** Between runs, in ms; default one hour. */
  intervalMs?: number;
  /** Before the first run, in ms; default one minute, so start-up is not slowed. */
  firstRunDelayMs?: number;
  /** The clock; default `new Date()`. */
  now?: () => Date;
  /** Told after each run (the app logs it). */
  onRun?: (result: RetentionResult) => void;
  /** Told when a run fails; the job goes on. */
  onError?: (error: unknown) => void;
}

export const DAY_MS = 86_400_000;

/**
 * The periodic events retention job (the live-events issue: "Retention of events
 * configurable, default 90 days, enforced by a periodic job"). Its timers are unref'd, so
 * the job alone never keeps the process alive; runs never overlap. On PostgreSQL every
 * node runs it; concurrent runs only delete the same rows once.
 */
export class RetentionJob {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: { db: Db; files: FileStore },
    private readonly options: RetentionJobOptions,
  ) {
    if (!(Number.isInteger(options.days) && options.days >= 1)) throw new RangeError('Retention days must be a whole number of at least 1');
  }

  /** Schedules the first run; then one every interval. */
  start(): void {
    this.schedule(this.options.firstRunDelayMs ?? 60_000);
  }

  /** Runs once now: deletes what is older than `days` before the clock's now. */
  async runOnce(): Promise<RetentionResult> {
    const now = this.options.now?.() ?? new Date();
    const result = await deleteEventsReceivedBefore(this.deps, new Date(now.getTime() - this.options.days * DAY_MS));
    this.options.onRun?.(result);
    return result;
  }

  /** Cancels the next run and waits for one in progress (call before closing the database). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then(
          () => undefined,
          (error: unknown) => this.options.onError?.(error),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule(this.options.intervalMs ?? 3_600_000);
        });
    }, delayMs);
    this.timer.unref();
  }
}
