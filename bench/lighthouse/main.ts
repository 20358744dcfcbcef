/**
 * `npm run bench:lighthouse` (issue 5 "Weight of the pages"; bench/lighthouse/README.md):
 * builds the app, starts the real server on it with the demo, creates a floor with 5 000
 * placed markers, and runs Lighthouse's desktop preset in Debian's Chromium on /login,
 * /dashboard and that floor. Prints scores and metrics of each page's median run with
 * PASS/FAIL. Exit code 0 when every page meets its target, 1 otherwise, 2 on bad arguments.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { signInAsDemo } from '../../tests/e2e/helpers/session';
import { startServer } from '../../tests/e2e/helpers/server';
import { startChromium } from './chromium';
import { createMarkedFloor } from './floorFixture';
import { CATEGORIES, DASHBOARD_TARGET, LOGIN_TARGET, figuresOf, floorTarget, formatTable, judge, type PageTarget, type Verdict } from './targets';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const DEFAULT_PLAN = path.resolve(root, '../shared/data/floorplans/centralesupelec_breguet_L0_rdc.png');

/** The pages measured, in order; `--pages` picks some of them while one is being worked on. */
const PAGES = ['login', 'dashboard', 'floor'] as const;
type PageName = (typeof PAGES)[number];

const USAGE = `usage: npm run bench:lighthouse [-- --runs N] [--markers N] [--plan FILE] [--json DIR] [--pages LIST]

  --runs N      Lighthouse runs per page, the median run is reported (default 3)
  --markers N   markers placed on the measured floor (default 5000)
  --plan FILE   the floor's plan image (default ../shared/data/floorplans/centralesupelec_breguet_L0_rdc.png)
  --json DIR    also write each page's median Lighthouse result there as JSON
  --pages LIST  comma list of ${PAGES.join(', ')} (default all); the verdict covers those only`;

function options() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, markers: { type: 'string', default: '5000' }, plan: { type: 'string', default: DEFAULT_PLAN }, json: { type: 'string' }, pages: { type: 'string', default: PAGES.join(',') } },
  });
  const pages = values.pages.split(',').map((p) => p.trim());
  const unknown = pages.filter((p) => !(PAGES as readonly string[]).includes(p));
  const runs = Number(values.runs);
  const markers = Number(values.markers);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20 || !Number.isInteger(markers) || markers < 1 || markers > 100_000 || unknown.length > 0 || pages.length === 0) {
    console.error(USAGE);
    process.exit(2);
  }
  return { runs, markers, plan: path.resolve(values.plan), json: values.json, pages: new Set(pages as PageName[]) };
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const scoreOf = (lhr: LighthouseResult): number | null => {
  const score = lhr.categories.performance?.score;
  return typeof score === 'number' ? Math.round(score * 100) : null;
};

/** Runs Lighthouse's desktop preset `runs` times on `url` through Chromium's port; the median run (by performance). */
async function measure(url: string, port: number, runs: number): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) {
    // Default storage reset: the HTTP cache and service workers are cleared before each
    // load (a first visit), localStorage is kept (clearStorageTypes leaves it), so the
    // session stored by the sign-in holds.
    const result = await lighthouse(url, { port, logLevel: 'error', onlyCategories: [...CATEGORIES] }, desktopConfig);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    // A run Lighthouse could not finish (PAGE_HUNG, NO_FCP …) has null scores: it is kept
    // and reported, so the page fails with the reason shown rather than ending the bench.
    const error = lhr.runtimeError ? ` (${lhr.runtimeError.code}: ${lhr.runtimeError.message})` : '';
    console.log(`  ${url} run ${i + 1}/${runs}: performance ${scoreOf(lhr) ?? '—'}${error}`);
    results.push(lhr);
  }
  const valid = results.filter((r) => !r.runtimeError);
  return valid.length > 0 ? computeMedianRun(valid) : results[0]!;
}

async function main() {
  const { runs, markers, plan, json, pages } = options();
  const work = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-lighthouse-'));
  const webDir = path.join(work, 'web');
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  console.log('building the app (vite build)…');
  await build({ configFile: path.join(root, 'vite.config.ts'), root, logLevel: 'error', mode: 'production', build: { outDir: webDir, emptyOutDir: true } });
  const server = await startServer({ WEB_DIR: webDir, DEMO_EVENTS_PER_MINUTE: '0' });
  const browser = await startChromium();
  const measured: { target: PageTarget; lhr: LighthouseResult }[] = [];
  const run = async (target: PageTarget) => {
    measured.push({ target, lhr: await measure(`${server.url}${target.path}`, browser.port, runs) });
  };
  try {
    // Signed out first: /login is a guests-only route.
    if (pages.has('login')) await run(LOGIN_TARGET);
    if (pages.has('dashboard') || pages.has('floor')) await runSignedIn();
    await report(measured, runs, json);
  } finally {
    await browser.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }

  async function runSignedIn() {
    console.log(`signing in as the demo and placing ${markers} markers on a floor with ${path.basename(plan)}…`);
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
    const page = await cdp.contexts()[0]!.newPage();
    await signInAsDemo(page, server);
    const floorId = await createMarkedFloor(page, server, plan, markers);
    await page.close();
    // Disconnects Playwright; Chromium and its default profile (the stored session) stay.
    await cdp.close();

    if (pages.has('dashboard')) await run(DASHBOARD_TARGET);
    if (pages.has('floor')) await run(floorTarget(floorId, markers));
  }
}

/** Prints the verdicts of the measured pages and sets the exit code. */
async function report(measured: readonly { target: PageTarget; lhr: LighthouseResult }[], runs: number, json: string | undefined) {
  const verdicts: Verdict[] = measured.map(({ target, lhr }) => judge(target, figuresOf(lhr), runs));
  console.log(`\nLighthouse ${measured[0]?.lhr.lighthouseVersion} desktop preset (simulated throttling), median of ${runs} run(s), ${measured[0]?.lhr.environment.hostUserAgent}`);
  console.log(formatTable(verdicts));
  for (const { target, lhr } of measured) {
    if (lhr.runtimeError) console.log(`  error (${target.name}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings) console.log(`  note (${target.name}): ${typeof warning === 'string' ? warning : JSON.stringify(warning)}`);
  }
  if (json) {
    await mkdir(json, { recursive: true });
    for (const { target, lhr } of measured) await writeFile(path.join(json, `${target.path.split('/')[1]}.json`), JSON.stringify(lhr));
    console.log(`median results written to ${json}`);
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const failed = verdicts.filter((v) => !v.pass);
  console.log(failed.length === 0 ? '\nPASS: every page meets its target' : `\nFAIL: ${failed.map((v) => v.target.name).join(', ')} under target`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

await main();
