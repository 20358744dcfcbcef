#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, then every Vitest project in turn (unit, components,
 * server, browser, e2e), and one closing line `N passed, N failed` summing them all, so
 * a run that executed no test cannot pass unnoticed. The server suite also runs on
 * PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const steps = [];
let passed = 0;
let failed = 0;
let skipped = 0;
/** `project > file > test` of every failed test, printed again in the summary: CI keeps only the log's tail. */
const failures = [];

function run(label, cmd, args) {
  const start = Date.now();
  console.log(`\n=== ${label}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  steps.push({ label, ok, seconds: Math.round((Date.now() - start) / 1000) });
  return ok;
}

function vitest(project) {
  mkdirSync('.tmp', { recursive: true });
  const report = `.tmp/vitest-${project}.json`;
  rmSync(report, { force: true });
  const ok = run(`vitest: ${project}`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    for (const file of json.testResults ?? []) {
      const name = file.name.replace(`${process.cwd()}/`, '');
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${project} > ${name} > ${test.fullName ?? test.title}\n      ${String(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
      }
      if (file.status === 'failed' && failedTests.length === 0) failures.push(`${project} > ${name}\n      ${String(file.message ?? 'failed outside any test').split('\n')[0]}`);
    }
    if (json.numTotalTests === 0) {
      console.error(`vitest ${project} ran no test`);
      failed += 1;
    }
    if (!ok && json.numFailedTests === 0) failed += 1; // a suite that crashed outside any test
  } catch {
    console.error(`vitest ${project} wrote no report`);
    failed += 1;
  }
}

const typecheckOk = run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
const lintOk = run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
const buildOk = run('build web app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
for (const project of ['unit', 'components', 'server', 'browser', 'e2e']) vitest(project);
if (!typecheckOk) failed += 1;
if (!lintOk) failed += 1;
if (!buildOk) failed += 1;

console.log('\n=== summary');
for (const step of steps) console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.label} (${step.seconds} s)`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
