import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkedBodySize, KeepAliveClient, parseHead } from '../../bench/realtime/keepAliveClient';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: number;
}

const servers: http.Server[] = [];
const clients: KeepAliveClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A node:http server that records each request and answers it with `answer`. */
async function serve(answer: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const sockets = new Map<object, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, socket: sockets.get(req.socket) ?? -1 });
      answer(req, res, seen.length);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/vortex/webhooks/abc?x=1`, seen };
}

function client(url: string, connections: number, timeoutMs = 5_000): KeepAliveClient {
  const c = new KeepAliveClient({ url, connections, headers: { 'Content-Type': 'application/json', 'X-Webhook-Secret': 's3cret' }, timeoutMs });
  clients.push(c);
  return c;
}

describe('bench:realtime keep-alive load client', () => {
  it('sends ordinary HTTP/1.1 POSTs that node:http reads, over at most `connections` kept-alive sockets', async () => {
    // Content-Length (as Fastify answers) and chunked (writeHead then end, as the reference answers) alternate.
    const { url, seen } = await serve((_req, res, n) => {
      if (n % 2 === 0) res.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
      else res.writeHead(202, { 'content-type': 'application/json', 'content-length': '11' }).end('{"ok":true}');
    });
    const c = client(url, 2);
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ eventId: `e${i}`, name: 'Zoë ✓' }));
    expect(await Promise.all(bodies.map((b) => c.post(b)))).toEqual(bodies.map(() => '202'));
    expect(seen.map((s) => s.body).sort()).toEqual([...bodies].sort());
    expect(new Set(seen.map((s) => s.socket)).size).toBe(2);
    for (const s of seen) {
      expect(s).toMatchObject({ method: 'POST', url: '/v1/vortex/webhooks/abc?x=1' });
      expect(s.headers).toMatchObject({ 'content-type': 'application/json', 'x-webhook-secret': 's3cret', connection: 'keep-alive' });
      expect(Number(s.headers['content-length'])).toBe(Buffer.byteLength(s.body));
    }
  });

  it('reports other statuses, reconnects after the server closes, and times out a request never answered', async () => {
    const { url, seen } = await serve((req, res, n) => {
      if (n === 1) res.writeHead(401, { connection: 'close', 'content-type': 'application/json' }).end('{"title":"no"}');
      else if (n === 2) res.writeHead(202).end();
      else if (n === 3) req.socket.destroy();
      // n === 4: never answered.
    });
    const c = client(url, 1, 300);
    expect(await c.post('{}')).toBe('401');
    expect(await c.post('{}')).toBe('202');
    expect(await c.post('{}')).toBe('error');
    expect(await c.post('{}')).toBe('timeout');
    expect(seen).toHaveLength(4);
    expect(seen[1]?.socket).not.toBe(seen[0]?.socket);
  });

  it('frames response heads and chunked bodies, waiting while they are incomplete', () => {
    const head = Buffer.from('HTTP/1.1 202 Accepted\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    expect(parseHead(head.subarray(0, 20))).toBeNull();
    expect(parseHead(head)).toEqual({ head: { status: 202, length: -1, close: false }, size: head.length });
    expect(parseHead(Buffer.from('HTTP/1.1 404 Not Found\r\ncontent-length: 7\r\nConnection: close\r\n\r\n'))?.head).toEqual({ status: 404, length: 7, close: true });
    expect(() => parseHead(Buffer.from('garbage\r\n\r\n'))).toThrow();
    const body = Buffer.from('5\r\nhello\r\nb\r\n world, hi!\r\n0\r\n\r\n');
    expect(chunkedBodySize(body, 0)).toBe(body.length);
    expect(chunkedBodySize(body.subarray(0, body.length - 1), 0)).toBeNull();
    expect(chunkedBodySize(body.subarray(0, 12), 0)).toBeNull();
  });
});
