import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../server/vortex/eventTypes';
import { parseVortexWebhook } from '../../server/vortex/payload';
import { simulatedFleet } from '../../server/vortex-sim/devices';
import { createSeededRandom } from '../../server/vortex-sim/random';
import { wallClock } from '../../server/vortex-sim/webhookPayload';
import { startWebhookPoster, type WebhookPoster } from '../../server/vortex-sim/webhookPoster';

const SECRET = 'whsec-test-5e1d';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  atMs: number;
}

/** A webhook receiver on 127.0.0.1 that records every POST and answers `status`. */
let server: Server;
let url: string;
let received: Received[];
let status: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), atMs: Date.now() });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/vortex/webhooks/conn-1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let poster: WebhookPoster | null;
beforeEach(() => {
  received = [];
  status = 202;
  poster = null;
  return async () => {
    await poster?.stop();
  };
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition() && Date.now() < until) await sleep(20);
}

describe('wallClock', () => {
  it("renders VORTEX's localTime as the wall clock read as UTC, and localISOTime with the zone's offset", () => {
    // intrusion.json in shared/data/vortex: 10:00:05 UTC is 11:00:05 in Amsterdam (CET).
    expect(wallClock(new Date('2025-11-21T10:00:05.900Z'), 'Europe/Amsterdam')).toEqual({ localTime: 1763722805, localISOTime: '2025-11-21T11:00:05+01:00' });
    expect(wallClock(new Date('2025-07-01T20:30:00Z'), 'America/Los_Angeles').localISOTime).toBe('2025-07-01T13:30:00-07:00');
  });
});

describe('startWebhookPoster', () => {
  it('posts at about the configured rate, with the secret header, payloads the receiver parses, and stops on stop()', async () => {
    poster = startWebhookPoster({ url, secret: SECRET, ratePerSecond: 20, devices: simulatedFleet(), random: createSeededRandom(7) });
    await sleep(1000);
    const countAtOneSecond = received.length;
    expect(countAtOneSecond).toBeGreaterThanOrEqual(14);
    expect(countAtOneSecond).toBeLessThanOrEqual(26);
    await poster.stop();
    // A request already on the wire when stop() aborts it may still reach the receiver
    // (at most maxInFlight, 8); after those land, nothing new is ever posted.
    const countAtStop = received.length;
    await sleep(300);
    const settled = received.length;
    expect(settled - countAtStop).toBeLessThanOrEqual(8);
    await sleep(500);
    expect(received.length).toBe(settled);
    expect(poster.sent()).toBeGreaterThanOrEqual(settled - 8);
    expect(poster.sent() + poster.failed()).toBeLessThanOrEqual(settled);
    expect(poster.failed()).toBeLessThanOrEqual(8);

    for (const delivery of received) {
      expect(delivery.headers['x-webhook-secret']).toBe(SECRET);
      expect(delivery.headers['content-type']).toBe('application/json');
      const event = parseVortexWebhook(JSON.parse(delivery.body));
      expect(Math.abs(event.occurredAt.getTime() - delivery.atMs)).toBeLessThan(5_000);
      expect(event.organizationName).toBe('Floorwatch Demo');
    }
  });

  it('sends all five spec types and others, unique event ids, consistent times and some valid thumbnails', async () => {
    poster = startWebhookPoster({ url, secret: SECRET, ratePerSecond: 250, devices: simulatedFleet(), random: createSeededRandom(42), maxInFlight: 32 });
    await waitFor(() => received.length >= 300, 8_000);
    await poster.stop();
    expect(received.length).toBeGreaterThanOrEqual(300);

    const bodies = received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    const events = bodies.map((body) => parseVortexWebhook(body));
    const types = new Set(events.map((e) => e.eventType));
    for (const type of EVENT_TYPES) expect(types).toContain(type);
    expect([...types].some((type) => !(EVENT_TYPES as readonly string[]).includes(type))).toBe(true);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);

    // VORTEX's template order, and localTime an unquoted number.
    expect(Object.keys(bodies[0]!).slice(0, 9)).toEqual(['organizationName', 'organizationId', 'eventType', 'eventName', 'eventId', 'deviceName', 'deviceId', 'deviceGroupName', 'deviceGroupId']);
    expect(received[0]!.body).toMatch(/"localTime": \d+,/);

    const withUtc = bodies.filter((body) => typeof body.utcTime === 'string');
    const example1 = bodies.filter((body) => body.utcTime === undefined && body.mac === undefined);
    expect(withUtc.length).toBeGreaterThan(0);
    expect(example1.length).toBeGreaterThan(0);
    for (const body of withUtc) {
      // The wall clock placed in the zone must give the same instant as utcTime.
      const fromLocal = parseVortexWebhook({ eventId: body.eventId, deviceId: body.deviceId, eventType: body.eventType, localTime: body.localTime, timezone: body.timezone });
      expect(fromLocal.occurredAt.getTime()).toBe(Number(body.utcTime) * 1000);
    }

    const thumbnails = events.filter((e) => e.thumbnail !== null);
    expect(thumbnails.length).toBeGreaterThan(10);
    expect(bodies.some((b) => typeof b.thumbnail === 'string' && b.thumbnail.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(bodies.some((b) => typeof b.thumbnail === 'string' && b.thumbnail.startsWith('/9j/'))).toBe(true);
    const meta = await sharp(thumbnails[0]!.thumbnail!.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 160, height: 90 });
  });

  it('counts deliveries the receiver refuses as failed', async () => {
    status = 401;
    poster = startWebhookPoster({ url, secret: 'wrong', ratePerSecond: 50, devices: simulatedFleet(), random: createSeededRandom(1) });
    await waitFor(() => poster!.failed() >= 5, 3_000);
    await poster.stop();
    expect(poster.failed()).toBeGreaterThanOrEqual(5);
    expect(poster.sent()).toBe(0);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => startWebhookPoster({ url, secret: SECRET, ratePerSecond: 0, devices: simulatedFleet() })).toThrow(RangeError);
  });
});
