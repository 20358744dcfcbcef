import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { findUserByEmail } from '../auth/repository';
import type { VortexConnectorFactory } from '../vortex/connector';
import { httpVortexConnectorFactory } from '../vortex/httpConnector';
import { apiKeyOf, findOrganizationConnection, webhookSecretOf } from '../vortex/repository';
import { SecretDecryptionError, deriveVortexKey } from '../vortex/secrets';
import { saveCredentials, type VortexDeps } from '../vortex/service';
import { syncOrganizationDevices, type SyncCounts } from '../vortex/sync';
import { simulatedFleet } from '../vortex-sim/devices';
import { startVortexSimulator } from '../vortex-sim/httpServer';
import type { Random } from '../vortex-sim/random';
import { startWebhookPoster, type WebhookPoster } from '../vortex-sim/webhookPoster';
import { DEMO_EMAIL } from './seed';

/**
 * API keys the demo gives its own simulator start with this, so a later start can tell
 * the credentials it saved itself (and may replace, the old simulator's port being gone)
 * from ones a person entered (which it never touches).
 */
export const DEMO_API_KEY_PREFIX = 'vsim-demo-';

/** What {@link startDemoSimulator} needs. */
export interface DemoSimulatorOptions {
  /** The app's JWT secret: VORTEX secrets are sealed with a key derived from it. */
  jwtSecret: string;
  /** Where this server's receiver is reached from this process, e.g. `http://127.0.0.1:8080`. */
  receiverOrigin: string;
  /** Webhook events posted per minute; 0 posts none (the simulator still serves devices and snapshots). */
  eventsPerMinute: number;
  /** How the sync reaches the simulator; default the HTTP connector. */
  connectorFactory?: VortexConnectorFactory;
  /** Drives the poster's choices (tests seed it). */
  random?: Random;
}

/** The running demo simulator. */
export interface DemoSimulator {
  /** The simulator's base URL (saved as the demo organization's VORTEX base URL). */
  url: string;
  organizationId: string;
  connectionId: string;
  /** What the first sync did. */
  sync: SyncCounts;
  /** The webhook poster, or null with 0 events a minute. */
  poster: WebhookPoster | null;
  /** Stops the poster (waiting for requests in flight), then the simulator. */
  stop(): Promise<void>;
}

/**
 * The origin at which this process reaches a server listening at `address`: a wildcard
 * address (`0.0.0.0`, `::`) becomes the loopback address of its family.
 */
export function loopbackOrigin(address: AddressInfo): string {
  if (address.family === 'IPv6' || address.address.includes(':')) {
    const host = address.address === '::' ? '::1' : address.address;
    return `http://[${host}]:${address.port}`;
  }
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

/**
 * The demo's live events without any set-up (DESIGN.md "npm start"): when the demo
 * organization exists and has no VORTEX credentials (or only ones an earlier demo start
 * saved, whose simulator port is gone), starts the VORTEX simulator in-process on 127.0.0.1 at a free port, serving the
 * demo organization's cameras (server/demo/data.ts) and non-camera devices; saves it as
 * the organization's VORTEX (keeping the connection id and webhook secret of an earlier
 * demo start); runs a first device sync; and, unless `eventsPerMinute` is 0, posts
 * VORTEX webhooks with the connection's secret to this server's own receiver.
 * @returns the running simulator, or null when there is no demo organization or a
 *   person configured its VORTEX (then nothing is started)
 * @throws what starting the simulator or the first sync throws (the caller logs it and
 *   serves on); whatever was started is stopped first
 */
export async function startDemoSimulator(app: FastifyInstance, options: DemoSimulatorOptions): Promise<DemoSimulator | null> {
  if (!(Number.isFinite(options.eventsPerMinute) && options.eventsPerMinute >= 0)) throw new RangeError('eventsPerMinute must be 0 or more');
  const user = await findUserByEmail(app.db, DEMO_EMAIL);
  if (!user) return null;
  const organizationId = user.organizationId;
  const encryptionKey = deriveVortexKey(options.jwtSecret);
  const existing = await findOrganizationConnection(app.db, organizationId);
  if (existing && !madeByDemo(() => apiKeyOf(encryptionKey, existing))) return null;

  const sim = await startVortexSimulator({ host: '127.0.0.1', port: 0, apiKey: `${DEMO_API_KEY_PREFIX}${randomBytes(18).toString('base64url')}`, devices: simulatedFleet() });
  let poster: WebhookPoster | null = null;
  const stop = async () => {
    await poster?.stop();
    await sim.stop();
  };
  try {
    const deps: VortexDeps = { db: app.db, encryptionKey, connectorFactory: options.connectorFactory ?? httpVortexConnectorFactory };
    const connection = await saveCredentials(deps, organizationId, { baseUrl: sim.url, apiKey: sim.apiKey });
    const sync = await syncOrganizationDevices(deps, organizationId);
    if (options.eventsPerMinute > 0) {
      poster = startWebhookPoster({
        url: `${options.receiverOrigin}/v1/vortex/webhooks/${connection.id}`,
        secret: webhookSecretOf(encryptionKey, connection),
        ratePerSecond: options.eventsPerMinute / 60,
        devices: sim.devices,
        ...(options.random ? { random: options.random } : {}),
        onDelivery: (delivery) => {
          if (delivery.status === 202) return;
          app.log.warn({ delivery }, 'the demo VORTEX simulator’s webhook was not accepted');
        },
      });
    }
    return { url: sim.url, organizationId, connectionId: connection.id, sync, poster, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * True when the saved API key is one the demo made (see {@link DEMO_API_KEY_PREFIX}). A
 * key that no longer decrypts (JWT_SECRET changed) may be a person's: it is left for
 * them to re-enter, never replaced.
 */
function madeByDemo(openApiKey: () => string): boolean {
  try {
    return openApiKey().startsWith(DEMO_API_KEY_PREFIX);
  } catch (error) {
    if (error instanceof SecretDecryptionError) return false;
    throw error;
  }
}
