import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from './client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database; every query filters by the caller's organization. */
    db: Db;
    database: Database;
  }
}

/** Decorates the app with an opened (and migrated) database, closed with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database: Database; closeWithApp: boolean }) => {
    app.decorate('db', options.database.db);
    app.decorate('database', options.database);
    if (options.closeWithApp) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'db' },
);
