import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpProblem } from '../http/problem';
import { ProblemSchema, problemResponses } from '../http/schemas';
import type { VortexConnectorFactory } from './connector';
import type { WebhookConnectionCache } from './connectionCache';
import { findOrganizationConnection } from './repository';
import { CredentialsBody, CredentialsSchema, SyncResult, TestConnectionResult } from './schemas';
import type { VortexSecretKey } from './secrets';
import { connectorProblem, credentialsView, organizationConnector, saveCredentials, type VortexDeps } from './service';
import { syncOrganizationDevices } from './sync';

const security = [{ bearerAuth: [] }];
const tags = ['vortex'];

/** What the VORTEX connection routes need from the app. */
export interface VortexRoutesOptions {
  encryptionKey: VortexSecretKey;
  connectorFactory: VortexConnectorFactory;
  /** `config.publicUrl`: the webhook URL shown is absolute. */
  publicUrl: string;
  /** The webhook receiver's connection cache: saving credentials invalidates the connection there. */
  webhookConnections: WebhookConnectionCache;
}

/**
 * SPEC.md section 7 "Vortex" and the live-events issue: the organization's VORTEX
 * credentials (API key sealed at rest, never returned), the connection test and the
 * device sync. Problems: 400 for bad fields; 404 from GET before anything is saved; 422
 * when VORTEX is not set up (or its saved secrets no longer decrypt); 502 when VORTEX
 * cannot be reached, refuses the key or answers outside its contract.
 */
export const vortexRoutes: FastifyPluginAsyncTypebox<VortexRoutesOptions> = async (app, options) => {
  app.addHook('preHandler', app.authenticate);
  const deps: VortexDeps = { db: app.db, encryptionKey: options.encryptionKey, connectorFactory: options.connectorFactory };
  const vortexProblems = { ...problemResponses, 422: ProblemSchema, 502: ProblemSchema };

  app.get(
    '/vortex/credentials',
    {
      schema: {
        tags,
        security,
        summary: 'The organization’s VORTEX connection: base URL, last four of the API key, webhook URL and secret',
        response: { 200: CredentialsSchema, ...problemResponses, 422: ProblemSchema },
      },
    },
    async (request) => {
      const connection = await findOrganizationConnection(app.db, request.auth.organizationId);
      if (!connection) throw new HttpProblem(404, 'VORTEX credentials not found: none are saved for this organization yet');
      return credentialsView(connection, options.encryptionKey, options.publicUrl);
    },
  );

  app.post(
    '/vortex/credentials',
    {
      schema: {
        tags,
        security,
        summary: 'Save the VORTEX base URL and API key (VORTEX is not contacted); makes the webhook secret the first time',
        body: CredentialsBody,
        response: { 200: CredentialsSchema, ...problemResponses, 422: ProblemSchema },
      },
    },
    async (request) => {
      const { base_url, api_key, rotate_webhook_secret } = request.body;
      const connection = await saveCredentials(
        { db: app.db, encryptionKey: options.encryptionKey },
        request.auth.organizationId,
        { baseUrl: base_url, apiKey: api_key, rotateWebhookSecret: rotate_webhook_secret },
      );
      // After commit: a rotated secret is refused by this process's receiver from now on.
      options.webhookConnections.invalidate(connection.id);
      return credentialsView(connection, options.encryptionKey, options.publicUrl);
    },
  );

  app.post(
    '/vortex/test-connection',
    {
      schema: {
        tags,
        security,
        summary: 'Check that VORTEX answers at the saved base URL and accepts the saved API key',
        response: { 200: TestConnectionResult, ...vortexProblems },
      },
    },
    async (request) => {
      const { connector } = await organizationConnector(deps, request.auth.organizationId);
      try {
        return await connector.testConnection();
      } catch (error) {
        throw connectorProblem(error);
      }
    },
  );

  app.post(
    '/vortex/sync',
    {
      schema: {
        tags,
        security,
        summary: "Upsert the devices VORTEX lists; mark offline (never delete) those it no longer lists; new devices past the plan's device limit are skipped and reported",
        response: { 200: SyncResult, ...vortexProblems },
      },
    },
    async (request) => {
      const counts = await syncOrganizationDevices(deps, request.auth.organizationId);
      return {
        created: counts.created,
        updated: counts.updated,
        marked_offline: counts.markedOffline,
        total: counts.total,
        skipped: counts.skippedDeviceIds.length,
        skipped_device_ids: counts.skippedDeviceIds,
        limit_detail: counts.limitDetail,
        last_sync_at: counts.lastSyncAt.toISOString(),
      };
    },
  );
};
