#!/usr/bin/env node
/**
 * `npm start`: builds the browser app when it is not built yet, then starts the server
 * (embedded PGlite database and the demo by default; see README for the variables).
 */
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start only)…');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
