import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { alerts, events, notifications } from '../../../server/db/schema';
import { upsertDevices } from '../../../server/devices/repository';
import { VortexConnectorError, type VortexConnector, type VortexDevice } from '../../../server/vortex/connector';
import { saveConnection } from '../../../server/vortex/repository';
import { deriveVortexKey } from '../../../server/vortex/secrets';
import type { TestApp } from './build';

/** The shared VORTEX webhook samples (see their README); never copied into the repo. */
export const VORTEX_SAMPLES_DIR = path.resolve(__dirname, '../../../../shared/data/vortex');
export const vortexSampleFiles = readdirSync(VORTEX_SAMPLES_DIR).filter((name) => name.endsWith('.json')).sort();

/** One sample payload as parsed JSON. */
export function vortexSample(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(VORTEX_SAMPLES_DIR, name), 'utf8')) as Record<string, unknown>;
}

/** The plain-text profile sample, as VORTEX sends it. */
export const plainTextSample = () => readFileSync(path.join(VORTEX_SAMPLES_DIR, 'plain-text.txt'), 'utf8');

/** A fresh VORTEX event id, as the samples' README asks tests to use. */
export const freshEventId = () => `evt-${randomUUID().slice(0, 13)}`;

let deviceCounter = 0;
/** A fresh VORTEX-style device id and its MAC (`0002D1…`, `00:02:D1:…`). */
export function freshDevice(): { deviceId: string; mac: string } {
  deviceCounter += 1;
  const hex = `0002D1${(0x300000 + deviceCounter + Math.floor(Math.random() * 0x0fffff)).toString(16).toUpperCase().padStart(6, '0').slice(-6)}`;
  return { deviceId: hex, mac: hex.replace(/(..)(?!$)/g, '$1:') };
}

/** Registers a device in the organization (as a VORTEX sync would) and returns its ids. */
export async function registerDevice(app: FastifyInstance, organizationId: string, values: { deviceId: string; mac?: string | null; name?: string }) {
  const [row] = await upsertDevices(app.db, [
    { organizationId, deviceId: values.deviceId, name: values.name ?? `Camera ${values.deviceId}`, type: 'CAMERA', status: 'online', mac: values.mac ?? null },
  ]);
  if (!row) throw new Error('device not created');
  return row;
}

/** Creates the organization's VORTEX connection with `secret`; returns the connection id. */
export async function createConnection(t: TestApp, organizationId: string, secret = `whsec-${randomUUID()}`): Promise<{ id: string; secret: string }> {
  const row = await saveConnection(t.app.db, deriveVortexKey(t.config.jwtSecret), {
    organizationId,
    baseUrl: 'https://vortex.example.test',
    apiKey: 'vx-test-key-0001',
    webhookSecret: secret,
  });
  // As the credentials route does: the receiver must not answer from the old secret.
  t.app.webhookConnections.invalidate(row.id);
  return { id: row.id, secret };
}

/** Posts a webhook body (JSON unless a string with its own content type is given). */
export function postWebhook(app: FastifyInstance, connection: { id: string; secret?: string }, payload: Record<string, unknown> | string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/v1/vortex/webhooks/${connection.id}`,
    headers: {
      ...(connection.secret === undefined ? {} : { 'x-webhook-secret': connection.secret }),
      ...(typeof payload === 'string' ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/**
 * Posts a sample for `device` with a fresh event id (and the device's MAC where the sample
 * has one); asserts 202 and returns the event id.
 */
export async function sendSample(app: FastifyInstance, connection: { id: string; secret: string }, name: string, device: { deviceId: string; mac?: string | null }, extra: Record<string, unknown> = {}): Promise<string> {
  const sample = vortexSample(name);
  const body = { ...sample, eventId: freshEventId(), deviceId: device.deviceId, ...('mac' in sample && device.mac ? { mac: device.mac } : {}), ...extra };
  const response = await postWebhook(app, connection, body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ id: string }>().id;
}

/** Row counts of an organization's events, alerts and notifications. */
export async function storedCounts(app: FastifyInstance, organizationId: string) {
  const n = async (table: typeof events | typeof alerts | typeof notifications) =>
    (await app.db.select({ n: count() }).from(table).where(eq(table.organizationId, organizationId)))[0]?.n ?? 0;
  return { events: await n(events), alerts: await n(alerts), notifications: await n(notifications) };
}

/** A VORTEX connector that lists whatever `list` answers at each call and has no snapshots (a 'not-found'). */
export class ListingConnector implements VortexConnector {
  constructor(private readonly list: () => VortexDevice[]) {}
  async testConnection() {
    return { ok: true as const };
  }
  async listDevices() {
    return this.list();
  }
  async getSnapshot(): Promise<never> {
    throw new VortexConnectorError('not-found', 'no image');
  }
}
