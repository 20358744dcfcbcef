/**
 * The reference: a minimal `node:http` SSE fan-out server (the live-events issue,
 * "Measured, in a benchmark"), run as its own process and driven by the same clients
 * and load as Floorwatch. It does the least a correct server must: check the secret,
 * parse and check the JSON body, give the event an id, frame it once, write the frame to
 * every open stream, and keep the last 200 events for a `Last-Event-ID` (header or
 * `?last_event_id=`) replay. No database, no framework, no logging.
 *
 * Start: `node --import tsx bench/realtime/reference.ts`, with PORT (0 = any) and
 * REFERENCE_TOKEN / REFERENCE_SECRET in the environment. It prints
 * `reference listening on http://127.0.0.1:<port>` once it listens.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const PORT = Number(process.env.PORT ?? 0);
const TOKEN = process.env.REFERENCE_TOKEN ?? 'reference-token';
const SECRET = Buffer.from(process.env.REFERENCE_SECRET ?? 'reference-secret');
const HEARTBEAT_MS = 15_000;
const REPLAY_LIMIT = 200;
const MAX_BODY_BYTES = 64 * 1024;

const streams = new Set<http.ServerResponse>();
const recent: { id: string; frame: string }[] = [];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The stream's wire shape (the same fields Floorwatch sends), or null for a body missing a required field. */
function eventOf(body: Record<string, unknown>) {
  const deviceId = text(body.deviceId);
  const eventType = text(body.eventType);
  if (!text(body.eventId) || !deviceId || !eventType || typeof body.localTime !== 'number') return null;
  const seconds = body.localTime > 1e11 ? body.localTime / 1000 : body.localTime;
  return {
    id: randomUUID(),
    device_id: deviceId,
    device_name: text(body.deviceName) ?? deviceId,
    mapped_device_id: null,
    device_mac: text(body.mac),
    event_type: eventType,
    event_name: text(body.eventName),
    local_time: seconds,
    received_at: new Date().toISOString(),
    has_snapshot: typeof body.thumbnail === 'string' && body.thumbnail !== '',
    alert: null,
  };
}

function answer(res: http.ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? undefined : JSON.stringify(body));
}

function receiveWebhook(req: http.IncomingMessage, res: http.ServerResponse): void {
  const presented = Buffer.from(String(req.headers['x-webhook-secret'] ?? ''));
  if (presented.length !== SECRET.length || !timingSafeEqual(presented, SECRET)) return answer(res, 401);
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    if (size > MAX_BODY_BYTES) return answer(res, 413);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 400);
    }
    const event = typeof body === 'object' && body !== null ? eventOf(body as Record<string, unknown>) : null;
    if (!event) return answer(res, 400);
    answer(res, 202, { id: event.id, duplicate: false });
    // Serialised once, the same string written to every stream.
    const frame = `id: ${event.id}\nevent: webhook_event\ndata: ${JSON.stringify(event)}\n\n`;
    recent.push({ id: event.id, frame });
    if (recent.length > REPLAY_LIMIT) recent.shift();
    for (const stream of streams) stream.write(frame);
  });
}

function openStream(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
  if (url.searchParams.get('token') !== TOKEN) return answer(res, 401);
  const lastEventId = req.headers['last-event-id'] || url.searchParams.get('last_event_id');
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.socket?.setNoDelay(true);
  res.write(`event: connected\ndata: ${JSON.stringify({ status: 'connected', heartbeat_interval_ms: HEARTBEAT_MS })}\n\n`);
  if (typeof lastEventId === 'string') {
    const from = recent.findIndex((event) => event.id === lastEventId);
    if (from >= 0) for (const event of recent.slice(from + 1)) res.write(event.frame);
  }
  streams.add(res);
  res.on('close', () => streams.delete(res));
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://reference');
  if (req.method === 'POST' && url.pathname.startsWith('/v1/vortex/webhooks/')) return receiveWebhook(req, res);
  if (req.method === 'GET' && url.pathname === '/v1/events/stream') return openStream(req, res, url);
  answer(res, 404);
});
server.keepAliveTimeout = 60_000;

setInterval(() => {
  const frame = `event: heartbeat\ndata: ${JSON.stringify({ time: new Date().toISOString() })}\n\n`;
  for (const stream of streams) stream.write(frame);
}, HEARTBEAT_MS).unref();

server.listen(PORT, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : PORT;
  console.log(`reference listening on http://127.0.0.1:${port}`);
});

process.on('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
