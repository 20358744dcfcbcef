import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs mail jobs one after another, after the response that asked for them has gone out,
 * so the answer's timing never depends on what the job finds (a password reset for an
 * unknown email answers as fast as for a known one). A failed job is logged, never
 * thrown. `idle()` resolves once every job queued so far has ended: the app awaits it on close.
 */
export class MailQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Queues `job`; `what` names it in the error log line (never a secret). */
  enqueue(what: string, job: () => Promise<void>): void {
    this.tail = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(job)
      .catch((error: unknown) => {
        this.log.error({ err: error }, `mail job failed: ${what}`);
      });
  }

  idle(): Promise<void> {
    return this.tail;
  }
}
