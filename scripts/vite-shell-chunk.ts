/**
 * A Rolldown chunk group (vite.config.ts `codeSplitting.groups`): everything the signed-in
 * shell (`src/layout/SignedInShell.tsx`) loads statically, in ONE chunk (issue 5 "Weight of
 * the pages").
 *
 * Left to itself Rolldown cuts the shell's modules into a chunk per set of importers: the
 * API modules the breadcrumb shares with screens, each icon, the notification atoms, the
 * tooltip… 25 chunks of 0.2 to 2 KB gzip, each with its own import/export glue and its own
 * gzip window. Every signed-in page loads the shell anyway, so one chunk costs those pages
 * nothing extra and saves the glue (27.5 → 20.7 KB gzip measured on the shell's chunks).
 *
 * The group also takes what most signed-in pages load anyway: a module that the screens of
 * at least half the signed-in routes load statically (the API modules of devices and floors,
 * the page header, the load-error and empty states…), and the icons (a line of code each over
 * the sprite of scripts/vite-radix-icons.ts). Left apart, each was a chunk of its own, and a
 * page paid every chunk's glue and gzip window: 6 to 7 KB gzip per signed-in page.
 *
 * A module the signed-out pages load stays out of the group (it would make them load the
 * whole shell): what the entry loads statically, and what the screens of the `guest` and
 * `public` routes of `src/router/routes.ts` and the not-found screen load, lazily too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Take modules that at least this share of the signed-in screens load. */
const SHARED_BY = 0.5;

/** The icon modules of scripts/vite-radix-icons.ts (a line each over the sprite). */
const ICON_MODULE = /^\0virtual:radix-icon\//;

/** What Rolldown's chunking context tells of a module (the fields read here). */
interface ModuleGraphInfo {
  importedIds: readonly string[];
  dynamicallyImportedIds?: readonly string[];
}

/** Rolldown's chunking context (the part used here). */
interface ChunkingGraph {
  getModuleInfo(moduleId: string): ModuleGraphInfo | null;
}

/** The group, as `codeSplitting.groups` takes it. */
export interface ShellChunkGroup {
  name: (moduleId: string, ctx: ChunkingGraph) => string | null;
  priority: number;
  includeDependenciesRecursively: false;
}

/**
 * Screens any visitor may open signed out, read from the route table (`access: 'guest'` or
 * `'public'`), plus the not-found screen: their sources relative to `src/screens`.
 * @param routesSource the text of `src/router/routes.ts`
 * @throws Error when the table names no such screen (its shape changed)
 */
export function signedOutScreens(routesSource: string): string[] {
  const found = [...routesSource.matchAll(/access:\s*'(?:guest|public)'[^\n]*?import\('\.\.\/screens\/([\w/]+)'\)/g)].map((m) => `${m[1]!}.tsx`);
  if (found.length === 0) throw new Error('vite-shell-chunk: no guest or public route found in src/router/routes.ts');
  return [...found, 'NotFoundScreen.tsx'];
}

/**
 * Screens of the signed-in routes (`access: 'auth'`) of the route table, but the floor
 * editor's (which has a budget of its own and loads most of the app): their sources relative
 * to `src/screens`.
 * @param routesSource the text of `src/router/routes.ts`
 * @throws Error when the table names no such screen (its shape changed)
 */
export function signedInScreens(routesSource: string): string[] {
  const found = [...routesSource.matchAll(/access:\s*'auth'[^\n]*?import\('\.\.\/screens\/([\w/]+)'\)/g)]
    .map((m) => `${m[1]!}.tsx`)
    .filter((screen) => screen !== 'FloorScreen.tsx');
  if (found.length === 0) throw new Error('vite-shell-chunk: no signed-in route found in src/router/routes.ts');
  return found;
}

/**
 * Modules that at least `share` (0 to 1) of the `screens` load statically.
 */
export function sharedByScreens(graph: ChunkingGraph, screens: readonly string[], share: number): Set<string> {
  const counts = new Map<string, number>();
  for (const screen of screens) {
    for (const id of staticReach(graph, [screen])) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const needed = Math.ceil(screens.length * share);
  return new Set([...counts].filter(([, count]) => count >= needed).map(([id]) => id));
}

/**
 * `roots` and what they import statically, transitively (module ids); with `dynamic`, what
 * they import dynamically too.
 */
export function staticReach(graph: ChunkingGraph, roots: readonly string[], dynamic = false): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
    if (dynamic) stack.push(...(info.dynamicallyImportedIds ?? []));
  }
  return seen;
}

/**
 * The shell's chunk group.
 * @param root the project's root folder (absolute)
 * @param priority the group's priority: below the library groups, so the libraries stay in theirs
 */
export function signedInShellChunk(root: string, priority: number): ShellChunkGroup {
  const src = path.join(root, 'src');
  const routesSource = readFileSync(path.join(src, 'router', 'routes.ts'), 'utf8');
  let plan: { members: Set<string>; signedOut: Set<string> } | null = null;
  const planOf = (graph: ChunkingGraph) => {
    // What signed-out pages may load: the entry's static imports, and the signed-out screens
    // with all they import, lazily too (the notice a signed-in visitor gets on a password
    // page must not pull in the shell's chunk).
    const signedOut = staticReach(graph, [path.join(src, 'main.tsx')]);
    const screens = signedOutScreens(routesSource).map((s) => path.join(src, 'screens', s));
    for (const id of staticReach(graph, screens, true)) signedOut.add(id);
    const shellModule = path.join(src, 'layout', 'SignedInShell.tsx');
    const shell = staticReach(graph, [shellModule]);
    if (shell.size === 0) throw new Error('vite-shell-chunk: src/layout/SignedInShell.tsx is not in the module graph');
    // The shell's own module stays the lazy chunk `AppLayout` imports (and bench:bundle finds by name).
    shell.delete(shellModule);
    const signedIn = signedInScreens(routesSource).map((s) => path.join(src, 'screens', s));
    for (const id of sharedByScreens(graph, signedIn, SHARED_BY)) shell.add(id);
    // The screens themselves stay lazy chunks of their own.
    for (const screen of signedIn) shell.delete(screen);
    return { members: new Set([...shell].filter((id) => !signedOut.has(id))), signedOut };
  };
  return {
    name: (moduleId, ctx) => {
      const { members, signedOut } = (plan ??= planOf(ctx));
      const member = members.has(moduleId) || (ICON_MODULE.test(moduleId) && !signedOut.has(moduleId));
      return member ? 'shell' : null;
    },
    priority,
    // The shell imports the entry's modules (the session atoms, the API client): those stay
    // in the entry's chunks, not pulled into this one (which the entry would then import).
    includeDependenciesRecursively: false,
  };
}
