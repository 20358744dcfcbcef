/**
 * Per-route preloads for the first page load (issue 5 "Weight of the pages"). Vite's
 * index.html preloads only the entry's static imports; a route's lazy screen chunk (and, on
 * a signed-in route, the lazy signed-in shell) with their static imports are requested only
 * once the entry has run: a request waterfall of a few hundred milliseconds. The server
 * names those chunks in the route's index.html as `<link rel="preload" as="script">` (and
 * their stylesheets as `as="style"`), so they download alongside the entry.
 *
 * Not `rel="modulepreload"`: Chromium parses and compiles a module-preloaded chunk as it
 * arrives, and with two dozen of them arriving with the entry, the entry's own run (and so
 * the session check the route guard waits for) started later in most runs. Lighthouse
 * /dashboard, the same build served three ways in alternating runs on a loaded machine
 * (load average about 9 on 2 cores, 6 runs each): median LCP 2.0 s with modulepreload,
 * 1.45 s with preload, 1.57 s with neither. A plain preload only fills the cache; the
 * module loader and Vite's preload helper then take the chunks from there (same URL, same
 * CORS mode: no second request).
 * Pure: no file system.
 */
import { SIGNED_IN_SHELL, entryKey, routeFiles, staticClosure } from './routeGraph';
import type { Manifest, RouteScreen } from './routeGraph';

/** What a route's page preloads beyond index.html's own links: build files, e.g. `assets/DashboardScreen-B3CL.js`. */
export interface RoutePreloads {
  /** The route's pattern, `:name` params as in src/router/routes.ts (Fastify reads them the same way). */
  path: string;
  js: string[];
  css: string[];
}

/** Preloads of every route of the table, and the routes whose screen the build lacks (a table newer than the build). */
export interface PreloadPlan {
  routes: RoutePreloads[];
  missing: RouteScreen[];
}

/**
 * The files each route loads before its screen shows that the entry does not load already:
 * the route's screen chunk with its static imports, and for an `auth` route the signed-in
 * shell with its static imports when the build made it a lazy chunk of its own. The shell
 * is left out of `guest` and `public` routes: a plain navigation does not say whether the
 * visitor is signed in (the session is in localStorage), and those routes are the signed-out
 * visitor's. Dynamic imports of the screen (its lazy parts) are not preloaded.
 * @param manifest Vite's `.vite/manifest.json`
 * @param routes the route table (`parseRouteTable`)
 * @throws Error when the manifest has no entry chunk
 */
export function routePreloads(manifest: Manifest, routes: readonly RouteScreen[]): PreloadPlan {
  const entry = staticClosure(manifest, entryKey(manifest));
  const entryFiles = new Set<string>();
  for (const key of entry) {
    entryFiles.add(manifest[key]!.file);
    for (const css of manifest[key]!.css ?? []) entryFiles.add(css);
  }
  const shell = SIGNED_IN_SHELL in manifest ? [SIGNED_IN_SHELL] : [];
  const plan: PreloadPlan = { routes: [], missing: [] };
  for (const route of routes) {
    if (!(route.screen in manifest)) {
      plan.missing.push(route);
      continue;
    }
    const files = routeFiles(manifest, route.screen, route.access === 'auth' ? shell : []);
    plan.routes.push({
      path: route.path,
      js: files.js.filter((file) => !entryFiles.has(file)),
      css: files.css.filter((file) => !entryFiles.has(file)),
    });
  }
  return plan;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `html` (the built index.html) with a preload link for each of `preloads`' files that it
 * does not link already, placed at the end of its head, after Vite's own links, so the
 * entry's files are requested first. `crossorigin` as on Vite's links: the module loader
 * and Vite's preload helper fetch in CORS mode, and a preload fetched otherwise would not
 * be reused.
 * @param base the app's public base path (Vite's `base`), ending in `/`
 * @throws Error when `html` has no `</head>`
 */
export function withPreloads(html: string, preloads: Pick<RoutePreloads, 'js' | 'css'>, base = '/'): string {
  const head = html.indexOf('</head>');
  if (head < 0) throw new Error('index.html has no </head>');
  const linked = new Set([...html.matchAll(/<link\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]));
  const link = (attributes: string, file: string) => {
    const href = `${base}${file}`;
    return linked.has(href) ? [] : [`<link ${attributes} crossorigin href="${escapeAttribute(href)}">`];
  };
  const tags = [...preloads.js.flatMap((file) => link('rel="preload" as="script"', file)), ...preloads.css.flatMap((file) => link('rel="preload" as="style"', file))];
  if (tags.length === 0) return html;
  // On lines of their own before `</head>`'s line, indented as Vite's links are.
  const lineStart = html.lastIndexOf('\n', head) + 1;
  const ownLine = /^[ \t]*$/.test(html.slice(lineStart, head));
  const at = ownLine ? lineStart : head;
  return `${html.slice(0, at)}${tags.map((tag) => (ownLine ? `    ${tag}\n` : tag)).join('')}${html.slice(at)}`;
}
