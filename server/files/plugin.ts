import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FileStore } from './fileStore';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where floor plans and map images are kept (DESIGN.md "files"). */
    files: FileStore;
  }
}

/** Decorates the app with its FileStore. */
export const filesPlugin = fp(
  async (app: FastifyInstance, options: { store: FileStore }) => {
    app.decorate('files', options.store);
  },
  { name: 'files' },
);
