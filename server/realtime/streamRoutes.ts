import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { unauthorized } from '../http/problem';
import { ProblemSchema } from '../http/schemas';
import { missedEvents, REPLAY_LIMIT, REPLAY_WINDOW_MINUTES } from './replayRepository';
import { connectedFrame, webhookEventFrame } from './sseFrame';
import { SseHub } from './sseHub';

/** SPEC.md section 7 and DESIGN.md "Real time": a heartbeat every 15 s. */
export const SSE_HEARTBEAT_MS = 15_000;

export interface StreamRoutesOptions {
  /** Heartbeat interval in ms; default 15 000 (tests shorten it). */
  heartbeatMs?: number | undefined;
  /** Unsent bytes past which a slow client is dropped; default 1 MiB. */
  maxBufferedBytes?: number | undefined;
}

const StreamQuery = Type.Object({
  token: Type.Optional(Type.String({ description: 'The access token: an EventSource cannot send an Authorization header' })),
  last_event_id: Type.Optional(
    Type.String({ description: 'Id of the last event seen, for a new EventSource (which cannot send Last-Event-ID); the header wins when both are sent' }),
  ),
});

const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ description: "Sent by the browser's own EventSource reconnect" })),
});

const description =
  `Server-sent events: \`connected\` on open, \`heartbeat\` every 15 s, \`webhook_event\` (with \`id:\`) for each event ` +
  `of the caller's organization. With Last-Event-ID (header, else \`?last_event_id=\`) the events received after it in ` +
  `the last ${REPLAY_WINDOW_MINUTES} minutes are sent first, at most ${REPLAY_LIMIT}; an unknown id replays nothing.`;

/**
 * `GET /v1/events/stream?token=…` (SPEC.md section 7; DESIGN.md "Real time"). The token is
 * checked before any stream byte, so a missing, invalid, expired or revoked one is a 401
 * problem (a browser EventSource then gives up for good). The URL carries the token, so it
 * is logged only through `redactUrl` (server/http/logging.ts).
 *
 * Last-Event-ID: the header wins over `?last_event_id=`, because the header comes from the
 * browser's automatic reconnect and is newer than the id fixed in the URL at creation.
 */
export const streamRoutes: FastifyPluginAsyncTypebox<StreamRoutesOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const hub = new SseHub(app.eventBus, {
    heartbeatMs,
    maxBufferedBytes: options.maxBufferedBytes,
    onDrop: (organizationId) => app.log.warn({ organizationId }, 'dropped a slow event-stream client'),
  });
  // Open streams would hold the server open: end them before it stops.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/events/stream',
    {
      schema: {
        tags: ['events'],
        summary: "The organization's live events (server-sent events)",
        description,
        querystring: StreamQuery,
        headers: StreamHeaders,
        response: {
          200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: Type.String() } } },
          400: ProblemSchema,
          401: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!token) throw unauthorized('Pass the access token as ?token= (an EventSource cannot send an Authorization header)');
      const { organizationId } = await app.verifyAccessToken(token);
      const lastEventId = request.headers['last-event-id'] || request.query.last_event_id;

      const res = reply.raw;
      // Attached before the replay is loaded: events published meanwhile are held, not lost.
      const client = hub.attach(organizationId, res);
      res.on('close', () => client.close());
      let replay;
      try {
        replay = lastEventId ? await missedEvents(app.db, organizationId, lastEventId) : [];
      } catch (error) {
        client.close();
        throw error;
      }
      reply.hijack();
      // Gone during the replay query (socket closed, or dropped for holding too much).
      if (client.closed) return reply;
      // Headers set by the app's hooks (helmet's) still apply to a hijacked reply.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      client.write(connectedFrame(heartbeatMs));
      for (const event of replay) client.write(webhookEventFrame(event));
      client.goLive(new Set(replay.map((event) => event.id)));
      return reply;
    },
  );
};
