/**
 * A minimal HTTP/1.1 client for the load (bench/realtime/loadWorker.ts): a fixed set of
 * keep-alive TCP connections, one request at a time on each (no pipelining), as
 * `http.Agent({ keepAlive: true, maxSockets })` would use them. The load shares the
 * server's two cores, and `http.request` spent more CPU per POST than the webhook route's
 * own parsing (a ClientRequest, its header objects and an IncomingMessage stream per
 * request): here a request is one socket write of a preformatted head plus the body, and
 * the answer is read for its status code, its body is framed (Content-Length or chunked)
 * and dropped. The bytes on the wire are an ordinary HTTP/1.1 request.
 */
import net from 'node:net';

export interface KeepAliveClientOptions {
  /** `http://host:port/path` (no TLS). */
  url: string;
  /** Most connections open at once; requests beyond wait for a free one. */
  connections: number;
  /** Header lines sent with every request (name → value); Host, Content-Length and Connection are added. */
  headers: Record<string, string>;
  /** A request not answered within this many ms fails with 'timeout' and its connection is closed. */
  timeoutMs: number;
}

/** The outcome of one request: the status code as text, or 'error' / 'timeout'. */
export type Outcome = string;

interface Pending {
  body: Buffer;
  resolve(outcome: Outcome): void;
}

/** A parsed response head: status, and how the body is framed. */
interface Head {
  status: number;
  /** Body bytes to skip; -1 for chunked. */
  length: number;
  close: boolean;
}

/** Finds a response head in `buffer`; null while incomplete. @throws Error for a malformed head */
export function parseHead(buffer: Buffer): { head: Head; size: number } | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  if (!status) throw new Error(`not an HTTP/1.x response: ${JSON.stringify(lines[0])}`);
  let length = 0;
  let close = (lines[0] ?? '').startsWith('HTTP/1.0');
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim().toLowerCase();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding' && value.split(',').some((v) => v.trim() === 'chunked')) length = -1;
    else if (name === 'connection') close = value === 'close' ? true : value === 'keep-alive' ? false : close;
  }
  return { head: { status: Number(status[1]), length, close }, size: end + 4 };
}

/**
 * How many bytes of `buffer`, from `from`, a complete chunked body takes (the last chunk
 * and an empty trailer included); null while incomplete.
 */
export function chunkedBodySize(buffer: Buffer, from: number): number | null {
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd).split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) throw new Error('malformed chunk size');
    if (size === 0) {
      // No trailers expected: the last chunk is followed by an empty line.
      const trailerEnd = buffer.indexOf('\r\n', lineEnd + 2);
      if (trailerEnd < 0) return null;
      return trailerEnd + 2 - from;
    }
    at = lineEnd + 2 + size + 2;
    if (at > buffer.length) return null;
  }
}

class Connection {
  private socket: net.Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private current: Pending | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: KeepAliveClient,
    private readonly host: string,
    private readonly port: number,
  ) {}

  get busy(): boolean {
    return this.current !== undefined;
  }

  send(pending: Pending): void {
    this.current = pending;
    if (!this.socket) this.socket = this.connect();
    this.timer = setTimeout(() => this.fail('timeout'), this.client.timeoutMs);
    this.socket.write(Buffer.concat([this.client.headFor(pending.body.length), pending.body]));
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    // A socket this connection has already given up (closed, failed) must not touch the next one's request.
    const mine = () => this.socket === socket;
    socket.on('data', (data: Buffer) => {
      if (mine()) this.receive(data);
    });
    socket.on('error', () => {
      if (mine()) this.fail('error');
    });
    socket.on('close', () => {
      if (mine()) this.fail('error');
    });
    return socket;
  }

  private receive(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    let parsed;
    try {
      parsed = parseHead(this.buffer);
      if (!parsed) return;
      const bodySize = parsed.head.length >= 0 ? parsed.head.length : chunkedBodySize(this.buffer, parsed.size);
      if (bodySize === null || this.buffer.length < parsed.size + bodySize) return;
      this.buffer = this.buffer.subarray(parsed.size + bodySize);
    } catch {
      this.fail('error');
      return;
    }
    if (parsed.head.close) this.close();
    this.finish(String(parsed.head.status));
  }

  private fail(outcome: Outcome): void {
    this.buffer = Buffer.alloc(0);
    this.close();
    this.finish(outcome);
  }

  private finish(outcome: Outcome): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.current;
    this.current = undefined;
    if (!pending) return;
    pending.resolve(outcome);
    this.client.next(this);
  }
}

/** POSTs bodies to one URL over at most `connections` keep-alive connections. */
export class KeepAliveClient {
  readonly timeoutMs: number;
  private readonly head: string;
  private readonly idle: Connection[] = [];
  private readonly all: Connection[] = [];
  private readonly queue: Pending[] = [];
  private readonly host: string;
  private readonly port: number;
  private readonly limit: number;

  constructor(options: KeepAliveClientOptions) {
    const url = new URL(options.url);
    if (url.protocol !== 'http:') throw new Error('KeepAliveClient speaks plain http only');
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.limit = Math.max(1, options.connections);
    this.timeoutMs = options.timeoutMs;
    const lines = [`POST ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, 'Connection: keep-alive', ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`)];
    this.head = `${lines.join('\r\n')}\r\nContent-Length: `;
  }

  /** The request head for a body of `length` bytes. */
  headFor(length: number): Buffer {
    return Buffer.from(`${this.head}${length}\r\n\r\n`, 'latin1');
  }

  /** POSTs `body`; resolves with the status code as text, or 'error' / 'timeout' (never rejects). */
  post(body: string): Promise<Outcome> {
    return new Promise((resolve) => {
      const pending = { body: Buffer.from(body, 'utf8'), resolve };
      const connection = this.idle.pop() ?? (this.all.length < this.limit ? this.open() : undefined);
      if (connection) connection.send(pending);
      else this.queue.push(pending);
    });
  }

  /** Called by a connection that has finished a request: it takes the next one or goes idle. */
  next(connection: Connection): void {
    const pending = this.queue.shift();
    if (pending) connection.send(pending);
    else this.idle.push(connection);
  }

  close(): void {
    for (const connection of this.all) connection.close();
  }

  private open(): Connection {
    const connection = new Connection(this, this.host, this.port);
    this.all.push(connection);
    return connection;
  }
}
