import http from 'node:http';
import { SseParser, type ParsedSseEvent } from './sseParser';

/** An open `text/event-stream` response read as a browser would (see sseParser). */
export interface SseStream {
  status: number;
  headers: Headers;
  /** Every message received so far, in order. */
  received: ParsedSseEvent[];
  /** The next message not yet taken (optionally of one event name); rejects after `timeoutMs`. */
  next(event?: string, timeoutMs?: number): Promise<ParsedSseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A response that was not a stream: its status, headers and body text. */
export interface SseRefused {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * Opens `url` on a connection of its own (node:http, no agent, so `close()` really closes
 * the socket) and reads the body as server-sent events. A non-200 answer is returned
 * whole as `SseRefused`, so tests can check that no stream was opened.
 */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream | SseRefused> {
  const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  response.setEncoding('utf8');
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const status = response.statusCode ?? 0;
  if (status !== 200) {
    let body = '';
    for await (const chunk of response) body += String(chunk);
    return { status, headers: responseHeaders, body };
  }
  const parser = new SseParser();
  const received: ParsedSseEvent[] = [];
  let taken = 0;
  let over = false;
  let wake: (() => void) | undefined;
  const ended = new Promise<void>((resolve) => {
    const finish = () => {
      over = true;
      wake?.();
      resolve();
    };
    response.on('data', (chunk: string) => {
      received.push(...parser.push(chunk));
      wake?.();
    });
    response.once('end', finish);
    response.once('close', finish);
    response.once('error', finish);
  });

  async function next(event?: string, timeoutMs = 3_000): Promise<ParsedSseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (taken < received.length) {
        const message = received[taken];
        taken += 1;
        if (message && (event === undefined || message.event === event)) return message;
      }
      if (over) throw new Error(`stream ended before ${event ?? 'a message'} arrived`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${event ?? 'message'} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return { status, headers: responseHeaders, received, next, ended, close: () => request.destroy() };
}

/** Narrows `openSse`'s answer to an open stream, or throws with what came back. */
export function assertStream(result: SseStream | SseRefused): SseStream {
  if ('body' in result) throw new Error(`expected a stream, got ${result.status}: ${result.body}`);
  return result;
}
