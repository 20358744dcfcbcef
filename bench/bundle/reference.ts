/**
 * The reference bundle the editor route is compared with (issue 5 "Weight of the pages"):
 * the same libraries, each imported whole (`import * as`), with no app code, built by
 * Vite in production mode. Radix Themes brings its stylesheet, as the app does.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

/** Import specifiers for a package: react-dom is used through `react-dom/client`. */
export function specifiersOf(pkg: string): string[] {
  return pkg === 'react-dom' ? ['react-dom', 'react-dom/client'] : [pkg];
}

/** The reference entry's source: every library kept whole and reachable from `window`. */
export function referenceEntry(packages: readonly string[]): string {
  const specifiers = packages.flatMap(specifiersOf);
  const imports = specifiers.map((s, i) => `import * as lib${i} from '${s}';`);
  const css = packages.includes('@radix-ui/themes') ? ["import '@radix-ui/themes/styles.css';"] : [];
  return [...imports, ...css, `window.__reference = [${specifiers.map((_, i) => `lib${i}`).join(', ')}];`, ''].join('\n');
}

/**
 * Builds the reference bundle of `packages` into `outDir`.
 * @param root the project root (its node_modules resolve the packages)
 * @returns the written JS and CSS file paths
 */
export async function buildReference(root: string, packages: readonly string[], outDir: string): Promise<{ js: string[]; css: string[] }> {
  // Inside node_modules so the packages resolve from the project; removed afterwards.
  const dir = path.join(root, 'node_modules', '.cache', `floorwatch-bench-bundle-${process.pid}`);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
    await writeFile(path.join(dir, 'main.js'), referenceEntry(packages));
    const output = await build({
      configFile: false,
      root: dir,
      logLevel: 'error',
      mode: 'production',
      build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 10_000 },
    });
    const results = Array.isArray(output) ? output : [output];
    const files = results.flatMap((r) => ('output' in r ? r.output.map((o) => o.fileName) : []));
    return {
      js: files.filter((f) => f.endsWith('.js')).map((f) => path.join(outDir, f)),
      css: files.filter((f) => f.endsWith('.css')).map((f) => path.join(outDir, f)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
