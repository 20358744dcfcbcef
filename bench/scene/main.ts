/**
 * `npm run bench:scene`: issue 4's scene benchmark (bench/scene/README.md). Builds the two
 * bench pages with Vite into a temporary directory, serves them and the real 9 355 × 6 623
 * px plan from ../shared/data/floorplans, and drives both in one headless Chromium with
 * the same script. Exit code 0 when every target passed, 1 otherwise, 2 on bad arguments.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs } from '../../tests/chromiumArgs';
import { serveBench } from './server';
import { frameFigures } from './stats';
import { printReport, type Row } from './report';
import type { Driver } from './pages/driver';

const here = path.dirname(fileURLToPath(import.meta.url));
const PLAN = path.resolve(here, '../../../shared/data/floorplans/centralesupelec_breguet_L0_rdc.png');
const PLAN_SIZE = { width: 9355, height: 6623 };

const USAGE = `usage: npm run bench:scene [-- --quick]

  --quick   2 s of frames per scenario and page instead of 9 s (in 2 rounds, not 3), 2 mounts instead of 5 (for development)`;

/** The plan's size from its PNG header (IHDR), px. */
function pngSize(file: string): { width: number; height: number } {
  const header = readFileSync(file).subarray(0, 24);
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

type Method = keyof Driver;

/** Calls `window.driver[method](arg)` in `page`. */
async function call<M extends Method>(page: Page, method: M, arg: Parameters<Driver[M]>[0]): Promise<Awaited<ReturnType<Driver[M]>>> {
  // A page behind another one may skip painting: the measured page is always in front.
  await page.bringToFront();
  return page.evaluate(
    ([name, input]) => {
      const driver = (window as unknown as { driver: Record<string, (input: unknown) => Promise<unknown>> }).driver;
      const fn = driver[name];
      if (!fn) throw new Error(`no driver.${name}`);
      return fn(input);
    },
    [method, arg] as const,
  ) as Promise<Awaited<ReturnType<Driver[M]>>>;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  return used / 1024 / 1024;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((a) => a !== '--quick');
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const quick = args.includes('--quick');
  // Per scenario and page, split into alternating rounds.
  const ms = quick ? 2000 : 9000;
  const rounds = quick ? 2 : 3;
  const repeats = quick ? 2 : 5;

  const size = pngSize(PLAN);
  if (size.width !== PLAN_SIZE.width || size.height !== PLAN_SIZE.height) {
    throw new Error(`${PLAN} is ${size.width} × ${size.height} px, the bench needs ${PLAN_SIZE.width} × ${PLAN_SIZE.height}`);
  }

  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-scene-'));
  console.error(`building the bench pages into ${outDir}…`);
  await build({ configFile: path.join(here, 'vite.config.ts'), build: { outDir } });
  const server = await serveBench(outDir, PLAN);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  const rows: Row[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, deviceScaleFactor: 1 });
    const open = async (name: 'app' | 'bare') => {
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[${name}] ${error.message}`));
      await page.goto(`${server.url}/${name}.html`);
      await page.waitForFunction(() => 'driver' in window);
      await call(page, 'ready', undefined as never);
      return page;
    };
    const pages = { app: await open('app'), bare: await open('bare') };

    /**
     * Runs one frame scenario on both pages in `rounds` alternating rounds (app, bare, then
     * bare, app, ...), so both see the same machine load over time; pools the frames.
     */
    const frameScenario = async <M extends 'idle' | 'drag' | 'panZoom'>(name: string, target: number, method: M, arg: Parameters<Driver[M]>[0]) => {
      const intervals: Record<'app' | 'bare', number[]> = { app: [], bare: [] };
      const heap: Record<'app' | 'bare', number> = { app: Number.NaN, bare: Number.NaN };
      const extras: Record<'app' | 'bare', Record<string, number>[]> = { app: [], bare: [] };
      for (let round = 0; round < rounds; round += 1) {
        for (const kind of round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
          console.error(`${name}: ${kind}, round ${round + 1} of ${rounds}…`);
          const { intervals: frames, ...rest } = await call(pages[kind], method, { ...arg, ms: ms / rounds });
          intervals[kind].push(...frames);
          extras[kind].push(rest as Record<string, number>);
          heap[kind] = await heapMb(pages[kind]);
          await call(pages[kind], 'reset', undefined as never);
        }
      }
      rows.push({
        kind: 'frames',
        name,
        target,
        app: { ...frameFigures(intervals.app), heapMb: heap.app },
        bare: { ...frameFigures(intervals.bare), heapMb: heap.bare },
        extras,
      });
      return extras;
    };

    const idle = await frameScenario('idle: 5 000 markers, cones, 50 pulsing', 0.8, 'idle', {
      count: 5000,
      fov: 5000,
      pulses: 50,
      ms,
    });
    await frameScenario('drag 1 marker among 10 000', 0.9, 'drag', { count: 10000, dragged: 1, ms });
    await frameScenario('drag 100 selected among 5 000', 0.9, 'drag', { count: 5000, dragged: 100, ms });
    const pulses = await frameScenario('500 pulses on 5 000 markers', 0.7, 'idle', {
      count: 5000,
      fov: 0,
      pulses: 500,
      ms,
    });
    await frameScenario('pan and zoom, 10 000 markers', 0.8, 'panZoom', { count: 10000, ms });

    const commitsPerSecond = (extras: Record<'app' | 'bare', Record<string, number>[]>) => {
      const total = (key: string) => extras.app.reduce((sum, round) => sum + (round[key] ?? 0), 0);
      return total('commits') / total('seconds');
    };
    rows.push({ kind: 'count', name: 'React commits/s while 50 pulse (idle)', value: commitsPerSecond(idle), limit: 0 });
    rows.push({ kind: 'count', name: 'React commits/s while 500 pulse', value: commitsPerSecond(pulses), limit: 0 });

    console.error('status change…');
    const status = await call(pages.app, 'statusChange', { count: 5000 });
    await call(pages.app, 'reset', undefined as never);
    rows.push({ kind: 'count', name: 'marker components rendered by one status change (5 000)', value: status.markersRendered ?? Number.NaN, limit: 1 });

    console.error('mount…');
    const mount: Record<'app' | 'bare', number[]> = { app: [], bare: [] };
    for (let repeat = 0; repeat < repeats; repeat += 1) {
      for (const kind of repeat % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
        mount[kind].push(...(await call(pages[kind], 'mount', { count: 5000, repeats: 1 })));
        await call(pages[kind], 'reset', undefined as never);
      }
    }
    rows.push({ kind: 'time', name: 'mount 5 000 markers to first paint', app: mount.app, bare: mount.bare, limit: 1.5 });
  } finally {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  return printReport(rows, { quick, plan: `${path.basename(PLAN)} (${PLAN_SIZE.width} × ${PLAN_SIZE.height} px)` });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
