import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { HttpProblem, badRequest } from '../http/problem';
import { VortexConnectorError, type VortexConnector, type VortexConnectorFactory } from './connector';
import { apiKeyOf, findOrganizationConnection, saveConnection, webhookSecretOf, type VortexConnectionRow } from './repository';
import { SecretDecryptionError, type VortexSecretKey } from './secrets';

/** What the VORTEX services need: the database, the key that seals secrets, and how to reach VORTEX. */
export interface VortexDeps {
  db: Db;
  encryptionKey: VortexSecretKey;
  connectorFactory: VortexConnectorFactory;
}

/** A new random webhook secret: `whsec_` and 32 base64url characters (192 bits). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;

/**
 * Checks and tidies VORTEX's base URL: an absolute http(s) URL without user name or
 * password (the API key goes in `api_key`), its query and fragment dropped (the
 * connector ignores them) and trailing slashes removed.
 * @throws HttpProblem 400 naming `base_url`
 */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest(`base_url must be an absolute http(s) URL such as https://vortex.example.com, got "${raw.slice(0, 100)}"`, 'base_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`base_url must use http or https, got ${url.protocol.replace(/:$/, '')}`, 'base_url');
  if (url.username !== '' || url.password !== '') throw badRequest('base_url must not hold a user name or password; send the key as api_key', 'base_url');
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}

/** Shown when a stored secret no longer decrypts (the server's JWT_SECRET changed since it was saved). */
const UNREADABLE = 'The saved VORTEX credentials can no longer be read because the server’s JWT_SECRET changed; save them again with the API key';

/** Opens a sealed secret, turning a decryption failure into a 422 problem that says what to do. */
export function openOrProblem(open: () => string): string {
  try {
    return open();
  } catch (error) {
    if (error instanceof SecretDecryptionError) throw new HttpProblem(422, UNREADABLE);
    throw error;
  }
}

/** `POST /v1/vortex/credentials` input, in clear. */
export interface CredentialsInput {
  baseUrl: string;
  /** Omitted on an update: the saved key is kept. */
  apiKey?: string | undefined;
  /** True makes a new webhook secret (VORTEX's webhook profile must then be updated). */
  rotateWebhookSecret?: boolean | undefined;
}

/**
 * Saves the organization's VORTEX credentials without contacting VORTEX. The first save
 * makes a random webhook secret; later saves keep it (and the connection id, so the
 * webhook URL in VORTEX stays valid) unless `rotateWebhookSecret` is true, and keep the
 * API key when none is given. A secret that no longer decrypts (JWT_SECRET changed) is
 * unusable, so a save that sends the API key replaces it with a new one.
 * @throws HttpProblem 400 for a bad `base_url`, or a missing `api_key` on the first save
 *   (or when the saved one can no longer be read)
 */
export async function saveCredentials(deps: Pick<VortexDeps, 'db' | 'encryptionKey'>, organizationId: string, input: CredentialsInput): Promise<VortexConnectionRow> {
  const baseUrl = normaliseBaseUrl(input.baseUrl);
  const key = deps.encryptionKey;
  return deps.db.transaction(async (tx) => {
    const existing = await findOrganizationConnection(tx, organizationId);
    const readable = (open: () => string): string | undefined => {
      try {
        return open();
      } catch (error) {
        if (error instanceof SecretDecryptionError) return undefined;
        throw error;
      }
    };
    const apiKey = input.apiKey ?? (existing ? readable(() => apiKeyOf(key, existing)) : undefined);
    if (apiKey === undefined) {
      throw badRequest(existing ? 'api_key is required: the saved one can no longer be read (JWT_SECRET changed)' : 'api_key is required the first time VORTEX is set up', 'api_key');
    }
    const kept = existing && input.rotateWebhookSecret !== true ? readable(() => webhookSecretOf(key, existing)) : undefined;
    return saveConnection(tx, key, { organizationId, baseUrl, apiKey, webhookSecret: kept ?? newWebhookSecret() });
  });
}

/** `GET /v1/vortex/credentials`: never the API key, only its last four characters. */
export function credentialsView(row: VortexConnectionRow, key: VortexSecretKey, publicUrl: string) {
  return {
    base_url: row.baseUrl,
    api_key_last4: row.apiKeyLast4,
    webhook_url: webhookUrlOf(publicUrl, row.id),
    webhook_secret: openOrProblem(() => webhookSecretOf(key, row)),
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
  };
}

/** The absolute URL VORTEX posts to: `<publicUrl>/v1/vortex/webhooks/<connectionId>`. */
export const webhookUrlOf = (publicUrl: string, connectionId: string): string => `${publicUrl.replace(/\/+$/, '')}/v1/vortex/webhooks/${connectionId}`;

/** Detail of the problem for an organization without VORTEX credentials. */
export const NOT_CONFIGURED = 'VORTEX is not set up for this organization: save its base URL and API key first (POST /v1/vortex/credentials)';

/**
 * The connector for the organization's saved connection.
 * @throws HttpProblem 422 when no credentials are saved, or they no longer decrypt
 */
export async function organizationConnector(deps: VortexDeps, organizationId: string): Promise<{ connection: VortexConnectionRow; connector: VortexConnector }> {
  const connection = await findOrganizationConnection(deps.db, organizationId);
  if (!connection) throw new HttpProblem(422, NOT_CONFIGURED);
  const apiKey = openOrProblem(() => apiKeyOf(deps.encryptionKey, connection));
  return { connection, connector: deps.connectorFactory({ baseUrl: connection.baseUrl, apiKey }) };
}

/**
 * A failed VORTEX call as the problem the caller sees: 502 Bad Gateway with the
 * connector's message (safe to show, never the key) and what to check. VORTEX refusing
 * the API key is a 502 too, never a 401, which would read as the user's own session
 * ending. Anything that is not a {@link VortexConnectorError} is returned unchanged.
 */
export function connectorProblem(error: unknown): unknown {
  if (!(error instanceof VortexConnectorError)) return error;
  const hint: Record<VortexConnectorError['kind'], string> = {
    unreachable: 'check the base URL and that VORTEX is up',
    unauthorized: 'check the API key in the VORTEX settings',
    'not-found': 'check the base URL: it should be the VORTEX adapter’s address',
    'bad-response': 'check that the base URL points at a VORTEX adapter (server/vortex/README.md)',
  };
  return new HttpProblem(502, `${error.message}; ${hint[error.kind]}`, { extensions: { vortex_error: error.kind } });
}
