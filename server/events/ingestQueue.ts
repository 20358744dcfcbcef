import type { Db } from '../db/client';
import type { FileStore } from '../files/fileStore';
import type { ParsedVortexEvent } from '../vortex/payload';
import { ingestVortexEvent, ingestVortexEvents, type IngestItem, type IngestResult } from './ingest';
import type { StoreOptions } from './storeDeliveries';

interface Pending extends IngestItem {
  resolve(result: IngestResult): void;
  reject(error: unknown): void;
}

export interface IngestQueueOptions {
  /** Most deliveries stored by one statement; default 64. */
  maxBatch?: number;
  /** Statements at once: 1 on PGlite (one connection anyway), a few on PostgreSQL. Default 1. */
  concurrency?: number;
  /**
   * A statement beyond the first starts only once this many deliveries wait; default 1.
   * Until then they wait for the running statement and go in the next, larger batch:
   * per delivery, a batch of 16 costs PostgreSQL about half the CPU of a batch of 4
   * (measured with the realtime bench's rows), so extra statements pay only under a load
   * one statement cannot keep up with.
   */
  parallelFrom?: number;
  /** The statements NOTIFY each new event on this PostgreSQL channel (see `storeDeliveries`); default none. */
  notifyChannel?: string;
}

/**
 * Group commit for webhook ingest (the realtime bench, scenario c: on PGlite each statement
 * costs about as much as a whole insert, so per-delivery statements capped ingest far below
 * the database's insert rate). A delivery that arrives while `concurrency` statements are
 * running waits, and all that waited are stored together by the next one
 * ({@link ingestVortexEvents}). Alone, a delivery is stored at once by
 * {@link ingestVortexEvent}, one event-loop turn later: no added latency to speak of.
 *
 * A batch that fails is retried one delivery at a time, so one bad delivery cannot fail
 * the others; each then gets its own result or error.
 */
export class IngestQueue {
  private readonly pending: Pending[] = [];
  private running = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private readonly parallelFrom: number;
  private readonly store: StoreOptions;

  constructor(
    private readonly deps: { db: Db; files: FileStore },
    options: IngestQueueOptions = {},
  ) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 64);
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.parallelFrom = Math.max(1, options.parallelFrom ?? 1);
    this.store = options.notifyChannel === undefined ? {} : { notifyChannel: options.notifyChannel };
  }

  /**
   * Stores one validated delivery, as {@link ingestVortexEvent} does; resolves once its
   * statement committed.
   * @throws whatever storing it throws; nothing is left stored then
   */
  ingest(organizationId: string, parsed: ParsedVortexEvent): Promise<IngestResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ organizationId, parsed, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.scheduled) return;
    // Starts in the next turn of the event loop, after the I/O callbacks of this one: the
    // deliveries whose requests arrived together join the batch. (On PGlite a statement
    // runs in one chain of promises, so no other request reaches this queue until it ends.)
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    while (this.running < this.concurrency && this.pending.length >= (this.running === 0 ? 1 : this.parallelFrom)) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.running++;
      void this.storeBatch(batch).finally(() => {
        this.running--;
        this.start();
      });
    }
  }

  private async storeBatch(batch: Pending[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const results = await ingestVortexEvents(this.deps, batch, this.store);
        batch.forEach((item, i) => item.resolve(results[i] as IngestResult));
        return;
      } catch {
        // Fall through: each delivery alone, so only a bad one fails.
      }
    }
    for (const item of batch) {
      await ingestVortexEvent(this.deps, item.organizationId, item.parsed, this.store).then(item.resolve, item.reject);
    }
  }
}
