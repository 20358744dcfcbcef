/**
 * Starting the bench's child processes (servers, client workers, load, raw inserts) and
 * talking to them over IPC: `node --import tsx <script>`, through `sh -c 'ulimit -n …;
 * exec …'` when they need more open files than this process's soft limit (the shell
 * raises it up to the hard limit; `exec` keeps the pid, so /proc still reads the node process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFileLimits } from './procfs';
import type { ClientWorkerRequest, LoadRequest, RawInsertRequest } from './protocol';

/** Anything the bench asks a child. */
export type ChildRequest = ClientWorkerRequest | LoadRequest | RawInsertRequest;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildOptions {
  env?: Record<string, string>;
  /** Open files the process needs; above the soft limit, it is raised (up to the hard limit). */
  openFiles?: number;
  /** An IPC channel (for `request`). */
  ipc?: boolean;
  /** Keeps stdout and stderr (see `output`). */
  capture?: boolean;
  /** Extra node options, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}

export interface Child {
  process: ChildProcess;
  pid: number;
  /** Everything printed so far (when captured). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `script` (relative to the repository root) with node and tsx.
 * @throws Error when `openFiles` is above the hard limit (it cannot be raised without root)
 */
export function startChild(script: string, options: ChildOptions = {}): Child {
  const nodeArgs = [...(options.nodeArgs ?? []), '--import', 'tsx', script];
  const limits = openFileLimits();
  const need = options.openFiles ?? 0;
  if (need > limits.hard) throw new Error(`${script} needs ${need} open files but the hard limit is ${limits.hard}: raise it (e.g. in /etc/security/limits.conf) and try again`);
  const [command, args] =
    need > limits.soft ? ['/bin/sh', ['-c', `ulimit -n ${need} && exec "$0" "$@"`, process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.capture ? 'pipe' : 'inherit', options.capture ? 'pipe' : 'inherit', ...(options.ipc ? ['ipc' as const] : [])],
    serialization: 'advanced',
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  return {
    process: child,
    pid: child.pid,
    output: () => log,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Sends `message` and resolves with the child's next reply of type `replyType` (so
 * requests of different kinds may overlap).
 * @throws Error when the child exits first or `timeoutMs` passes
 */
export function request<Reply extends { type: string }>(child: Child, message: ChildRequest, replyType: Reply['type'], timeoutMs: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: unknown) => {
      if ((reply as { type?: unknown } | null)?.type !== replyType) return;
      cleanup();
      resolve(reply as Reply);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child ${child.pid} exited (${code}) before answering:\n${child.output().slice(-2000)}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`child ${child.pid} did not answer ${JSON.stringify(message).slice(0, 80)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.process.off('message', onMessage);
      child.process.off('exit', onExit);
    };
    child.process.on('message', onMessage);
    child.process.on('exit', onExit);
    child.process.send(message as never);
  });
}

/** Resolves once `pattern` appears in the child's captured output (its first group), rejects when it exits or after `timeoutMs`. */
export function waitForOutput(child: Child, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(child.output());
      if (!match) return false;
      cleanup();
      resolve(match[1] ?? match[0]);
      return true;
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`process exited before printing ${pattern}:\n${child.output().slice(-3000)}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${child.output().slice(-3000)}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.process.stdout?.off('data', check);
      child.process.stderr?.off('data', check);
      child.process.off('exit', onExit);
    };
    if (check()) return;
    child.process.stdout?.on('data', check);
    child.process.stderr?.on('data', check);
    child.process.on('exit', onExit);
  });
}
