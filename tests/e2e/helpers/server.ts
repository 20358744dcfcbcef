import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Stops the process and removes its DATA_DIR. */
  stop(): Promise<void>;
  /** Stops the process as an operator would (SIGTERM) and keeps its DATA_DIR. */
  halt(): Promise<void>;
  /** After `halt()`: a new process on the same port and DATA_DIR; resolves once healthy. */
  resume(): Promise<void>;
}

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Ends `child`: SIGTERM, then SIGKILL after 15 s. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts the real server (`server/main.ts`, as `npm start` does) on a free port with a
 * temporary DATA_DIR, the embedded database, the demo seed and the built web app
 * (`dist/web`, built by `npm test` before this project runs). Resolves once healthy.
 * `env` adds or overrides environment variables (e.g. `DEMO_EVENTS_PER_MINUTE`).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';

  async function launch(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
      try {
        const response = await fetch(`${url}/v1/health`);
        if (response.ok) return child;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not become healthy:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  let child = await launch();
  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      await terminate(child);
      await rm(dataDir, { recursive: true, force: true });
    },
    halt: () => terminate(child),
    async resume() {
      child = await launch();
    },
  };
}
