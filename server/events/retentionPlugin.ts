import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { RetentionJob, type RetentionJobOptions } from './retention';

declare module 'fastify' {
  interface FastifyInstance {
    /** The events retention job (started with the app, stopped when it closes). */
    eventRetention: RetentionJob;
  }
}

/**
 * Starts the events retention job once the app is ready and stops it when the app
 * closes, in `preClose`, so a run in progress ends before the database closes.
 */
export const eventRetentionPlugin = fp(
  async (app: FastifyInstance, options: Omit<RetentionJobOptions, 'onRun' | 'onError'>) => {
    const job = new RetentionJob(
      { db: app.db, files: app.files },
      {
        ...options,
        onRun: (result) => {
          if (result.events > 0) app.log.info({ deleted: result.events, retentionDays: options.days }, 'event retention deleted old events');
          if (result.fileErrors > 0) app.log.warn({ files: result.fileErrors }, 'event retention could not remove some thumbnail files');
        },
        onError: (error) => app.log.error({ err: error }, 'event retention run failed'),
      },
    );
    app.decorate('eventRetention', job);
    app.addHook('onReady', async () => job.start());
    app.addHook('preClose', async () => job.stop());
  },
  { name: 'event-retention', dependencies: ['db', 'files'] },
);
