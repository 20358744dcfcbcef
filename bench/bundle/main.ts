/**
 * `npm run bench:bundle` (issue 5 "Weight of the pages"): builds the app with Vite (the
 * production build of vite.config.ts, into a temporary folder), prints the gzip JavaScript
 * and CSS each route loads before its screen shows (entry + static imports + the route's
 * lazy screen chunk + its static imports; what the screen loads later is shown apart),
 * builds the reference bundle of the editor route's libraries with no app code, and checks
 * the budgets. Exits 1 when a route is over its budget.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { bytesBySource, packageOf } from './attribution';
import { EDITOR_ROUTE, KB, formatTable, judge } from './checks';
import type { RouteMeasure } from './checks';
import { buildReference } from './reference';
import { SIGNED_IN_SHELL, entryKey, parseRouteTable, routeFiles, staticClosure, totalSize } from '../../server/web/routeGraph';
import type { Manifest } from '../../server/web/routeGraph';

/** Not libraries of the editor in the sense of the budget: an icon set the app picks a few icons from. */
const NOT_REFERENCE = new Set(['@radix-ui/react-icons']);

const gzipBytes = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function sizesIn(dir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const name of await readdir(path.join(dir, 'assets'))) {
    if (name.endsWith('.js') || name.endsWith('.css')) sizes.set(`assets/${name}`, await gzipBytes(path.join(dir, 'assets', name)));
  }
  return sizes;
}

/** Direct dependencies of the project whose code is in `files` (per their source maps). */
async function librariesIn(outDir: string, files: readonly string[], direct: ReadonlySet<string>): Promise<string[]> {
  const found = new Set<string>();
  for (const file of files) {
    const mapFile = path.join(outDir, `${file}.map`);
    // Rolldown's tiny runtime chunk has no source map, and no library in it.
    const text = await readFile(mapFile, 'utf8').catch(() => null);
    if (text === null) continue;
    const map = JSON.parse(text) as { sources: string[] };
    for (const source of map.sources) {
      const pkg = packageOf(source);
      if (pkg && direct.has(pkg) && !NOT_REFERENCE.has(pkg)) found.add(pkg);
    }
  }
  return [...found].sort();
}

/** The heaviest packages (app code by folder) over `files`, minified bytes summed across them. */
async function heaviestIn(outDir: string, files: readonly string[], count: number): Promise<string> {
  const totals = new Map<string, number>();
  for (const file of files) {
    const mapText = await readFile(path.join(outDir, `${file}.map`), 'utf8').catch(() => null);
    if (mapText === null) continue; // Rolldown's runtime chunk has no source map
    const code = await readFile(path.join(outDir, file), 'utf8');
    for (const [name, bytes] of bytesBySource(code, JSON.parse(mapText) as { sources: string[]; mappings: string })) {
      totals.set(name, (totals.get(name) ?? 0) + bytes);
    }
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => `  ${kb(bytes).padStart(9)} minified  ${name}`)
    .join('\n');
}

async function main() {
  const root = process.cwd();
  const work = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-bundle-'));
  const appDir = path.join(work, 'app');
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      root,
      logLevel: 'error',
      mode: 'production',
      build: { outDir: appDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden' }, // as vite.config.ts: no sourceMappingURL comment in what ships
    });
    const manifest = JSON.parse(await readFile(path.join(appDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const sizes = await sizesIn(appDir);
    const routes = [
      ...parseRouteTable(await readFile(path.join(root, 'src', 'router', 'routes.ts'), 'utf8')),
      { path: '(not found)', screen: 'src/screens/NotFoundScreen.tsx' },
    ];
    const shell = SIGNED_IN_SHELL in manifest ? [SIGNED_IN_SHELL] : [];
    const files = new Map(routes.map((r) => [r.path, routeFiles(manifest, r.screen, r.access === 'auth' ? shell : [])]));
    const measures: RouteMeasure[] = routes.map((r) => {
      const f = files.get(r.path)!;
      return { path: r.path, js: totalSize(f.js, sizes), css: totalSize(f.css, sizes), lazyJs: totalSize(f.lazyJs, sizes) };
    });

    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const direct = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
    const editor = files.get(EDITOR_ROUTE);
    if (!editor) throw new Error(`The route table has no ${EDITOR_ROUTE}`);
    const libraries = await librariesIn(appDir, editor.js, direct);
    const reference = await buildReference(root, libraries, path.join(work, 'reference'));
    const referenceJs = (await Promise.all(reference.js.map(gzipBytes))).reduce((a, b) => a + b, 0);
    const referenceCss = (await Promise.all(reference.css.map(gzipBytes))).reduce((a, b) => a + b, 0);

    const verdicts = judge(measures, referenceJs);
    console.log(formatTable(verdicts));
    console.log(`\nreference bundle (${libraries.join(', ')}; no app code): ${kb(referenceJs)} JS, ${kb(referenceCss)} CSS gzip`);
    console.log(`editor route ${EDITOR_ROUTE}: ${kb(measures.find((m) => m.path === EDITOR_ROUTE)!.js)} = ${(measures.find((m) => m.path === EDITOR_ROUTE)!.js / referenceJs).toFixed(2)}× the reference (budget 1.15×)`);
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    // The entry's static imports (the core libraries' chunk above all) load with it on every route.
    const everyRoute = [...staticClosure(manifest, entryKey(manifest))].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    console.log(
      `\nentry chunk ${entry.file} ${kb(sizes.get(entry.file)!)} with its static imports: ${kb(totalSize(everyRoute, sizes))} gzip, loaded by every route; heaviest parts:`,
    );
    console.log(await heaviestIn(appDir, everyRoute, 12));
    const failed = verdicts.filter((v) => !v.pass);
    console.log(failed.length === 0 ? '\nPASS: every route within budget' : `\nFAIL: ${failed.length} of ${verdicts.length} routes over budget`);
    process.exitCode = failed.length === 0 ? 0 : 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
