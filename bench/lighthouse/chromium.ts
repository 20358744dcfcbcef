import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs } from '../../tests/chromiumArgs';

export interface DebuggableChromium {
  /** The DevTools port on 127.0.0.1, for Lighthouse (`flags.port`) and Playwright (`connectOverCDP`). */
  port: number;
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium (`/usr/bin/chromium`) in new headless mode with this
 * workplace's flags (tests/chromiumArgs.ts), a temporary profile and a DevTools port
 * chosen by Chromium. Lighthouse drives it through that port, as it drives a Chrome that
 * chrome-launcher starts. Resolves once the port answers.
 * @throws Error with Chromium's output when it exits or gives no port within 30 s.
 */
export async function startChromium(): Promise<DebuggableChromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-lighthouse-profile-'));
  const child = spawn('/usr/bin/chromium', [...chromiumArgs, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port within 30 s:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Chromium prints "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…".
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    port,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}
