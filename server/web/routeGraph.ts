/**
 * Which files a route loads, read from Vite's build manifest (`build.manifest`): the entry
 * (index.html) with its static imports, then the route's lazy screen chunk with its static
 * imports. Dynamic imports of the screen (the editor's PDF reader, the maps' Leaflet) are
 * the route's lazy parts, loaded after it shows. Pure: no file system. Shared by the server
 * (per-route preloads, server/web/routePreloads.ts) and `npm run bench:bundle`.
 */

/**
 * The signed-in shell (sidebar, top bar), a lazy chunk of its own that the layout loads for a
 * signed-in visitor: part of what every `auth` route loads before its screen shows. Absent
 * from the manifest when the build puts it in a chunk the entry imports statically.
 */
export const SIGNED_IN_SHELL = 'src/layout/SignedInShell.tsx';

/**
 * The route table as the build writes it (scripts/vite-route-table.ts), relative to the
 * built app: a JSON array of {@link RouteScreen}.
 */
export const ROUTES_FILE = '.vite/routes.json';

/** One chunk of `.vite/manifest.json` (the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** A route of the app's route table and the source of its lazy screen. */
export interface RouteScreen {
  path: string;
  /** Manifest key of the screen module, e.g. `src/screens/LoginScreen.tsx`. */
  screen: string;
  /** Who may open it (`auth`, `guest`, `public`), when the table says. */
  access?: string;
}

/** The files a route needs: JS and CSS that load with it, and the JS its screen may load later. */
export interface RouteFiles {
  js: string[];
  css: string[];
  lazyJs: string[];
  lazyCss: string[];
}

/**
 * Reads the route table (`src/router/routes.ts`): each `{ path: '…', access: '…', … import('../screens/X') }`
 * (access optional).
 * @param routesSource the file's text
 * @param screensDir the screens' folder relative to the project root, where `../screens` points
 * @throws Error when no route is found (the table's shape changed)
 */
export function parseRouteTable(routesSource: string, screensDir = 'src/screens'): RouteScreen[] {
  const routes: RouteScreen[] = [];
  const pattern = /path:\s*'([^']+)'(?:,\s*access:\s*'(\w+)')?[^\n]*?import\('\.\.\/screens\/([\w/]+)'\)/g;
  for (const match of routesSource.matchAll(pattern)) {
    const route: RouteScreen = { path: match[1]!, screen: `${screensDir}/${match[3]!}.tsx` };
    if (match[2]) route.access = match[2];
    routes.push(route);
  }
  if (routes.length === 0) throw new Error('No route found in the route table: expected `path: …` with `import(\'../screens/…\')` on one line');
  return routes;
}

/** The entry chunk's manifest key (`index.html` in a Vite app). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The manifest has no entry chunk');
  return key;
}

/** `key` and every chunk it imports statically, transitively (manifest keys, each once, in visiting order). */
export function staticClosure(manifest: Manifest, key: string, into: Set<string> = new Set()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const filesOf = (manifest: Manifest, keys: Iterable<string>) => {
  const js: string[] = [];
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js, css: [...css] };
};

/**
 * The files of `screen`'s route: entry closure plus screen closure (what loads before the
 * screen shows), and separately what the screen's own dynamic imports add.
 * @param parts other lazy chunks the route shows with its screen (the signed-in shell),
 *   counted like the screen: with their static imports, their dynamic imports apart
 * @throws Error when the screen or a part is not in the manifest (not built as a lazy chunk)
 */
export function routeFiles(manifest: Manifest, screen: string, parts: readonly string[] = []): RouteFiles {
  const loaded = staticClosure(manifest, entryKey(manifest));
  for (const part of parts) staticClosure(manifest, part, loaded);
  staticClosure(manifest, screen, loaded);
  const later = new Set<string>();
  for (const key of loaded) {
    if (key === entryKey(manifest)) continue; // the entry's dynamic imports are the other routes
    for (const lazy of manifest[key]!.dynamicImports ?? []) {
      for (const k of staticClosure(manifest, lazy)) if (!loaded.has(k)) later.add(k);
    }
  }
  const now = filesOf(manifest, loaded);
  const after = filesOf(manifest, later);
  return { js: now.js, css: now.css, lazyJs: after.js, lazyCss: after.css.filter((f) => !now.css.includes(f)) };
}

/** Sum of `sizes[file]` over `files` (bytes). @throws Error for a file without a size. */
export function totalSize(files: readonly string[], sizes: ReadonlyMap<string, number>): number {
  return files.reduce((sum, file) => {
    const size = sizes.get(file);
    if (size === undefined) throw new Error(`No size for ${file}`);
    return sum + size;
  }, 0);
}
