/**
 * Asks a server process started with `--inspect=127.0.0.1:0` for a full garbage
 * collection through the Chrome DevTools protocol (`HeapProfiler.collectGarbage`), so
 * its RSS is read without the garbage of the moment: memory per connection is then what
 * the connections keep, not when V8 last collected. The server's code is not involved.
 * Needs a global WebSocket (Node 20: `--experimental-websocket`, which `npm run bench:realtime` passes).
 */

/** The inspector's WebSocket URL in a process's output, or undefined. */
export function inspectorUrlIn(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
}

/** True when this process can speak to an inspector. */
export const canCollectGarbage = (): boolean => typeof globalThis.WebSocket === 'function';

/**
 * Runs a full GC in the inspected process and resolves once it is done.
 * @throws Error when the inspector cannot be reached or answers an error within `timeoutMs`
 */
export function collectGarbage(url: string, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => finish(new Error(`the inspector at ${url} did not answer within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve();
    };
    socket.addEventListener('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    socket.addEventListener('message', (event) => {
      const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (reply.id === 1) finish(reply.error ? new Error(reply.error.message) : undefined);
    });
    socket.addEventListener('error', () => finish(new Error(`could not reach the inspector at ${url}`)));
  });
}
