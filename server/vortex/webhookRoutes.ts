import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { Type } from 'typebox';
import { HttpProblem, notFound, unauthorized } from '../http/problem';
import { ProblemSchema, Uuid } from '../http/schemas';
import { validatorCompiler } from '../http/validator';
import { IngestQueue } from '../events/ingestQueue';
import { eventView } from '../events/view';
import type { WebhookConnection, WebhookConnectionCache } from './connectionCache';
import { MAX_WEBHOOK_BYTES, NOT_JSON_DETAIL, VortexPayloadError, VortexWebhookBody, parseVortexWebhook } from './payload';
import { secretMatches } from './secrets';

const SECRET_HEADER = 'x-webhook-secret';
const WebhookParams = Type.Object({ connectionId: Type.String({ maxLength: 64, description: 'The VORTEX connection id shown in Floorwatch’s VORTEX settings' }) });
const Accepted = Type.Object({
  id: Uuid,
  duplicate: Type.Boolean({ description: 'True when this delivery was received before: nothing new was stored' }),
});

/** True for `application/json` and `application/*+json`, with any parameters. */
function isJson(contentType: string | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || /^application\/[\w.+-]+\+json$/.test(media);
}

/**
 * The body schema documents VORTEX's template in the OpenAPI document, but
 * `parseVortexWebhook` is what checks it, so a refusal's detail tells the person editing
 * the VORTEX template which variable to add. Params and headers are validated as usual.
 */
function bodyLeftToParser(): FastifySchemaCompiler<unknown> {
  const usual = validatorCompiler();
  return (route) => (route.httpPart === 'body' ? () => true : usual(route));
}

/** Requests per connection are counted over this window, in ms. */
const RATE_WINDOW_MS = 60_000;

/**
 * `POST /v1/vortex/webhooks/{connectionId}` (DESIGN.md "Real time"): VORTEX's alarm
 * webhook. Not bearer-authenticated: the connection id names the organization and the
 * `X-Webhook-Secret` header, compared in constant time, proves the caller. Answers 202
 * `{ id, duplicate }` once the event is stored (a repeated delivery answers the stored
 * id and creates nothing), then publishes it on the event bus (on the LISTEN/NOTIFY bus,
 * the storing statement has NOTIFYed it already).
 *
 * Refusals, checked before the body is read where possible: unknown connection 404;
 * wrong or missing secret 401; a body that is not JSON 415 with {@link NOT_JSON_DETAIL};
 * over 64 KiB 413; malformed JSON or a bad field 400 naming it. Each is logged at info
 * level (never the secret: the logger redacts the header) and stores nothing.
 *
 * Rate limit: `rateLimitPerMinute` requests per minute per connection id
 * (`VORTEX_WEBHOOK_RATE_LIMIT`), then 429 with `Retry-After`. It is counted after the
 * secret check, so only the secret's holder spends a connection's budget: a stranger who
 * knows the webhook URL cannot starve the real VORTEX.
 *
 * Connections come from `connections` ({@link WebhookConnectionCache}: cached a few
 * seconds, invalidated when credentials are saved).
 */
export const vortexWebhookRoutes: FastifyPluginAsyncTypebox<{ connections: WebhookConnectionCache; rateLimitPerMinute: number }> = async (app, options) => {
  const connectionOf = new WeakMap<FastifyRequest, WebhookConnection>();
  // Under load, deliveries share their statements (group commit): the realtime bench
  // measured per-delivery statements as the ingest bottleneck. On PostgreSQL a second
  // statement starts only once 16 deliveries wait: at the same ingest rate (bench c) that
  // stores 7.5 rows a statement instead of 4.7, and a row costs PostgreSQL less CPU in a
  // larger batch.
  //
  // On the LISTEN/NOTIFY bus the ingest statement NOTIFYs its new events itself: a NOTIFY
  // statement of its own after each batch cost PostgreSQL a second commit (a WAL flush,
  // 1.5 ms on the bench machine's disk) and the server a second round-trip, and an event is
  // announced exactly when it commits.
  const notifyChannel = app.eventBus.notifyChannel;
  const ingest = new IngestQueue(app, {
    ...(app.database.kind === 'pglite' ? { concurrency: 1 } : { concurrency: 4, parallelFrom: 16 }),
    ...(notifyChannel === undefined ? {} : { notifyChannel }),
  });

  app.post(
    '/vortex/webhooks/:connectionId',
    {
      bodyLimit: MAX_WEBHOOK_BYTES,
      // VORTEX's servers read these answers, never a browser: helmet's browser headers
      // (CSP, COOP, HSTS...) mean nothing here, and @fastify/helmet builds them anew for
      // every request (3 to 5 % of the server's CPU under webhook load, realtime bench c).
      helmet: false,
      // Its answers are a few dozen bytes, below @fastify/compress's threshold: the plugin's
      // per-request hooks (Accept-Encoding, onSend) would only cost time.
      compress: false,
      validatorCompiler: bodyLeftToParser(),
      config: {
        rateLimit: {
          max: options.rateLimitPerMinute,
          timeWindow: RATE_WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `vortex-webhook:${(request.params as { connectionId: string }).connectionId}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { max: number; after: string }) =>
            new HttpProblem(429, `This VORTEX connection sent more than ${context.max} webhooks in a minute; retry in ${context.after}`),
        },
      },
      schema: {
        tags: ['vortex'],
        summary: 'VORTEX alarm webhook (JSON template); authenticated by the X-Webhook-Secret header',
        params: WebhookParams,
        headers: Type.Object({ [SECRET_HEADER]: Type.Optional(Type.String({ description: 'The connection’s webhook secret' })) }),
        body: VortexWebhookBody,
        response: { 202: Accepted, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 413: ProblemSchema, 415: ProblemSchema, 429: ProblemSchema },
      },
      onRequest: async (request: FastifyRequest<{ Params: { connectionId: string } }>) => {
        const connection = await options.connections.get(request.params.connectionId.toLowerCase());
        if (!connection) throw notFound('VORTEX connection');
        const presented = request.headers[SECRET_HEADER];
        if (typeof presented !== 'string' || !secretMatches(presented, connection.secretDigest)) {
          throw new HttpProblem(401, 'The X-Webhook-Secret header is missing or wrong; copy the secret from Floorwatch’s VORTEX settings into the webhook profile');
        }
        // A plain-text profile (or any other non-JSON body) is refused before it is read, with
        // the template's detail rather than the app's generic 415.
        const contentType = request.headers['content-type'];
        if (contentType !== undefined && !isJson(contentType)) throw new VortexPayloadError(null, NOT_JSON_DETAIL, 415);
        connectionOf.set(request, connection);
      },
      onError: async (request, _reply, error) => {
        const status = error instanceof HttpProblem ? error.status : (error.statusCode ?? 500);
        if (status >= 500) return;
        const field = error instanceof VortexPayloadError ? error.field : null;
        request.log.info({ connectionId: request.params.connectionId, status, field, detail: error.message }, 'VORTEX webhook refused');
      },
    },
    async (request, reply) => {
      const connection = connectionOf.get(request);
      if (!connection) throw unauthorized('The X-Webhook-Secret header is missing or wrong');
      const parsed = parseVortexWebhook(request.body);
      const { event, duplicate } = await ingest.ingest(connection.organizationId, parsed);
      // Not awaited: awaiting a reply waits for its 'finish', a later tick for each delivery,
      // and the deliveries of one batch should reach the bus in one tick (one NOTIFY).
      void reply.status(202).send({ id: event.event.id, duplicate });
      if (!duplicate && notifyChannel === undefined) {
        // After the answer and after commit: a bus failure must not turn a stored event into a retry.
        app.eventBus.publish({ organizationId: connection.organizationId, event: eventView(event) }).catch((error: unknown) => {
          request.log.error({ err: error, eventId: event.event.id }, 'publishing a webhook event failed');
        });
      }
      return reply;
    },
  );
};
