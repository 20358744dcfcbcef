import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import path from 'node:path';
import type { Config } from './config';
import type { Database } from './db/client';
import { dbPlugin } from './db/plugin';
import type { FileStore } from './files/fileStore';
import { LocalFileStore } from './files/localFileStore';
import { filesPlugin } from './files/plugin';
import { errorHandlerPlugin } from './http/errorHandler';
import { loggerOptions } from './http/logging';
import { openapiPlugin } from './http/openapi';
import { registerNotFound } from './http/notFound';
import { validatorCompiler } from './http/validator';
import { authPlugin } from './auth/plugin';
import { authRoutes } from './auth/routes';
import { googleRoutes } from './auth/googleRoutes';
import { healthRoutes } from './health/routes';
import { clientConfigRoutes } from './clientConfig/routes';
import { buildingRoutes } from './buildings/routes';
import { floorRoutes } from './floors/routes';
import { floorPlanRoutes } from './floors/planRoutes';
import { positionRoutes } from './positions/routes';
import { deviceRoutes } from './devices/routes';
import { webPlugin } from './web/plugin';
import { InProcessEventBus, type EventBus } from './realtime/eventBus';
import { eventBusPlugin } from './realtime/plugin';
import { streamRoutes } from './realtime/streamRoutes';
import { vortexWebhookRoutes } from './vortex/webhookRoutes';
import { vortexRoutes } from './vortex/routes';
import { deviceVortexRoutes } from './devices/vortexRoutes';
import type { VortexConnectorFactory } from './vortex/connector';
import { httpVortexConnectorFactory } from './vortex/httpConnector';
import { deriveVortexKey } from './vortex/secrets';
import { webhookConnectionCache } from './vortex/connectionCache';
import { eventRoutes } from './events/routes';
import { alertRoutes } from './alerts/routes';
import { notificationRoutes } from './notifications/routes';
import { eventRetentionPlugin } from './events/retentionPlugin';
import { organizationRoutes } from './organizations/routes';
import { analyticsRoutes } from './analytics/routes';
import type { Mailer } from './mail/mailer';
import { mailPlugin } from './mail/plugin';
import { passwordRoutes } from './auth/passwordRoutes';
import { invitationRoutes } from './invitations/routes';
import { userRoutes } from './users/routes';

export interface AppOptions {
  /** An opened, migrated database; the app closes it when `closeDatabase` is true. */
  database: Database;
  closeDatabase?: boolean;
  /** Defaults to the local disk store in `config.dataDir/files`. */
  files?: FileStore;
  /** Defaults to the in-process bus (one node). */
  eventBus?: EventBus;
  /** false silences the logger (tests); otherwise pino at `config.logLevel`. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The event stream's heartbeat in ms; default 15 000 (tests shorten it). */
  sseHeartbeatMs?: number;
  /** How the app reaches VORTEX for a saved connection; default the HTTP connector (tests pass fakes). */
  vortexConnectorFactory?: VortexConnectorFactory;
  /** The events retention job's timing and clock (tests shorten it); days come from the config. */
  eventRetention?: { intervalMs?: number; firstRunDelayMs?: number; now?: () => Date };
  /** Sends mail instead of nodemailer over `config.smtpUrl` or the log (tests capture messages). */
  mailer?: Mailer;
  /** The clock of reset links, invitations and their throttles; default the system clock (tests move it). */
  accountsClock?: () => Date;
}

/** JSON bodies are small: 1 MiB (uploads go through multipart with their own limit). */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the Floorwatch HTTP app (STYLE.md "The server"): external plugins, then app
 * plugins (db, files, auth), then one route plugin per resource under `/v1`, then the
 * web app. Tests call it and use `inject()`; `server/main.ts` listens.
 */
export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config.logLevel), stream: options.logStream },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler());
  // Bodies are JSON or multipart only. Fastify's built-in text/plain parser would hand a
  // route a string that its content-keyed body schema (JSON | multipart) never checks.
  app.removeContentTypeParser('text/plain');

  await app.register(errorHandlerPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures are https addresses on any host (PATCH /v1/auth/profile, Google accounts).
        imgSrc: ["'self'", 'blob:', 'data:', 'https:', ...(config.mapTiles ? [config.mapTiles.cspSource] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.maxUploadMb * 1024 * 1024, files: 2, fields: 20, fieldSize: 64 * 1024, parts: 24 },
  });
  await app.register(rateLimit, { global: false });
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });

  await app.register(dbPlugin, { database: options.database, closeWithApp: options.closeDatabase ?? false });
  await app.register(filesPlugin, { store: options.files ?? new LocalFileStore(path.join(config.dataDir, 'files')) });
  await app.register(authPlugin, { secret: config.jwtSecret });
  await app.register(eventBusPlugin, { bus: options.eventBus ?? new InProcessEventBus() });
  await app.register(eventRetentionPlugin, { days: config.eventRetentionDays, ...options.eventRetention });
  await app.register(mailPlugin, { mailer: options.mailer, smtpUrl: config.smtpUrl, from: config.mailFrom });

  const encryptionKey = deriveVortexKey(config.jwtSecret);
  const webhookConnections = webhookConnectionCache(app.db, encryptionKey);
  app.decorate('webhookConnections', webhookConnections);
  const connectorFactory = options.vortexConnectorFactory ?? httpVortexConnectorFactory;
  await app.register(
    async (api) => {
      // API answers of 1 KiB or more go out as brotli (quality 4) or gzip: a floor's devices
      // run to megabytes of JSON. The SSE stream (text/event-stream) and images are left as
      // they are; the web app's files are precompressed at start (server/web). Compressed
      // request bodies are refused rather than inflated, so the body limits stay exact.
      await api.register(compress, { threshold: 1024, globalDecompression: false });
      await api.register(healthRoutes);
      await api.register(clientConfigRoutes, { mapTiles: config.mapTiles });
      await api.register(authRoutes, { googleConfigured: config.google !== undefined });
      await api.register(googleRoutes, { google: config.google, now: options.accountsClock });
      await api.register(passwordRoutes, { publicUrl: config.publicUrl, now: options.accountsClock });
      await api.register(userRoutes);
      await api.register(invitationRoutes, { publicUrl: config.publicUrl, now: options.accountsClock });
      await api.register(buildingRoutes);
      await api.register(floorRoutes);
      await api.register(floorPlanRoutes, { signingSecret: config.jwtSecret });
      await api.register(positionRoutes);
      await api.register(deviceRoutes);
      await api.register(streamRoutes, { heartbeatMs: options.sseHeartbeatMs });
      await api.register(vortexWebhookRoutes, { connections: webhookConnections, rateLimitPerMinute: config.vortexWebhookRateLimit });
      await api.register(vortexRoutes, { encryptionKey, connectorFactory, publicUrl: config.publicUrl, webhookConnections });
      await api.register(deviceVortexRoutes, { vortex: { encryptionKey, connectorFactory } });
      await api.register(eventRoutes);
      await api.register(alertRoutes);
      await api.register(notificationRoutes);
      await api.register(organizationRoutes);
      await api.register(analyticsRoutes);
    },
    { prefix: '/v1' },
  );

  if (config.webDir) await app.register(webPlugin, { root: config.webDir });
  registerNotFound(app, { spa: app.servesWebApp === true });
  return app;
}
