import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { EventBus } from './eventBus';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fans stored events out to this organization's SSE streams, on every node. */
    eventBus: EventBus;
  }
}

/** Decorates the app with its event bus, closed with the app. */
export const eventBusPlugin = fp(
  async (app: FastifyInstance, options: { bus: EventBus }) => {
    app.decorate('eventBus', options.bus);
    app.addHook('onClose', async () => options.bus.close());
  },
  { name: 'event-bus' },
);
