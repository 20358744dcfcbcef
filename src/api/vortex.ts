/**
 * The organization's VORTEX connection (SPEC.md section 7 "Vortex"; server/vortex/README.md):
 * the saved base URL and API key (only its last 4 come back), the webhook URL and secret to
 * paste into the VORTEX portal, the connection test and the device sync. Errors are left
 * as thrown by `apiFetch`; the settings screen shows them inline with `problemMessage`.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, errorStatus } from './client';
import { isRecord, numberOr, stringOr } from '../lib/unwrapList';

/** `GET /v1/vortex/credentials`. */
export interface VortexCredentials {
  base_url: string;
  api_key_last4: string;
  /** Absolute; holds the connection id. */
  webhook_url: string;
  /** What VORTEX must send in the `X-Webhook-Secret` header. */
  webhook_secret: string;
  /** ISO 8601 of the last device sync, or null. */
  last_sync_at: string | null;
}

/** `POST /v1/vortex/credentials`; `api_key` omitted keeps the saved key. */
export interface VortexCredentialsInput {
  base_url: string;
  api_key?: string;
  /** True makes a new webhook secret (VORTEX must then be given it). */
  rotate_webhook_secret?: boolean;
}

/** `POST /v1/vortex/test-connection` when VORTEX answered. */
export interface VortexTestResult {
  ok: true;
  version: string | null;
}

/** `POST /v1/vortex/sync`: device counts. */
export interface VortexSyncResult {
  created: number;
  updated: number;
  marked_offline: number;
  /** Devices VORTEX listed. */
  total: number;
  last_sync_at: string | null;
  /** New devices not added because the plan's device limit was reached. */
  skipped: number;
  /** Why devices were skipped and how to add them; null when none was. */
  limit_detail: string | null;
}

/** Query key of the saved credentials. */
export const vortexKeys = {
  credentials: ['vortex', 'credentials'] as const,
};

/** Reads a credentials answer; null when it lacks the base URL or webhook fields. */
export function toVortexCredentials(raw: unknown): VortexCredentials | null {
  if (!isRecord(raw) || typeof raw.base_url !== 'string' || typeof raw.webhook_url !== 'string' || typeof raw.webhook_secret !== 'string') return null;
  return {
    base_url: raw.base_url,
    api_key_last4: stringOr(raw.api_key_last4, ''),
    webhook_url: raw.webhook_url,
    webhook_secret: raw.webhook_secret,
    last_sync_at: stringOr(raw.last_sync_at, null),
  };
}

/**
 * `GET /v1/vortex/credentials`.
 * @returns the saved connection, or null when none is saved yet (the server's 404)
 * @throws the ofetch error of any other failure
 */
export async function fetchVortexCredentials(signal?: AbortSignal): Promise<VortexCredentials | null> {
  try {
    return toVortexCredentials(await apiFetch<unknown>('/vortex/credentials', { signal }));
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

/** Query options of the saved credentials (`['vortex', 'credentials']`); null when none. */
export function vortexCredentialsQueryOptions() {
  return queryOptions({
    queryKey: vortexKeys.credentials,
    queryFn: ({ signal }) => fetchVortexCredentials(signal),
  });
}

/**
 * `POST /v1/vortex/credentials`: saves without contacting VORTEX.
 * @throws the ofetch error (400 names `base_url` or `api_key` in its detail), or an Error
 *   when the answer is not credentials
 */
export async function saveVortexCredentials(input: VortexCredentialsInput): Promise<VortexCredentials> {
  const saved = toVortexCredentials(await apiFetch<unknown>('/vortex/credentials', { method: 'POST', body: input }));
  if (!saved) throw new Error('Failed to save VORTEX credentials');
  return saved;
}

/**
 * `POST /v1/vortex/test-connection`: asks VORTEX with the saved URL and key.
 * @throws the ofetch error (422 when nothing is saved, 502 when VORTEX fails, with a detail)
 */
export async function testVortexConnection(): Promise<VortexTestResult> {
  const raw = await apiFetch<unknown>('/vortex/test-connection', { method: 'POST' });
  return { ok: true, version: isRecord(raw) ? stringOr(raw.version, null) : null };
}

/**
 * `POST /v1/vortex/sync`: upserts the devices VORTEX lists, marks the others offline.
 * @throws the ofetch error (shown with the fallback 'Failed to sync with Vortex')
 */
export async function syncVortexDevices(): Promise<VortexSyncResult> {
  const raw = await apiFetch<unknown>('/vortex/sync', { method: 'POST' });
  const count = (key: string) => (isRecord(raw) ? numberOr(raw[key], 0) : 0);
  return {
    created: count('created'),
    updated: count('updated'),
    marked_offline: count('marked_offline'),
    total: count('total'),
    last_sync_at: isRecord(raw) ? stringOr(raw.last_sync_at, null) : null,
    skipped: count('skipped'),
    limit_detail: isRecord(raw) ? stringOr(raw.limit_detail, null) : null,
  };
}
