/**
 * The first screen of a visit, started early (issue 5 "Weight of the pages": the request
 * chain entry → session check → screen chunk → data). Its chunk loads alongside the session
 * check instead of after it, and once the session is known to be signed in, the route's
 * prefetch starts the screen's first data requests, waiting neither for its chunk nor for
 * its render.
 */
import type { QueryClient } from '@tanstack/react-query';
import { preloadScreen } from './lazyScreen';
import { ROUTES } from './routes';

/** Starts the queries of a screen's first render, given its route's params. */
type Prefetch = (client: QueryClient, params: Readonly<Record<string, string>>) => void;

/**
 * The routes whose first data is worth starting early, by route pattern: each prefetch is
 * its own small module, loaded alongside the session check (the screens' chunks are larger
 * and slower to evaluate, the floor's with Konva 118 KB).
 */
const PREFETCHES: Readonly<Record<string, () => Promise<Prefetch>>> = {
  '/dashboard': () => import('../screens/dashboard/dashboardPrefetch').then((m) => m.prefetchDashboard),
  '/floors/:floorId': () => import('../screens/floor/floorPrefetch').then((m) => m.prefetchFloor),
};

/**
 * The params of `path` (a pathname) under a route pattern of `ROUTES` (`:name` takes one
 * non-empty segment, as is), or null when it does not match.
 */
export function routeParams(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path === '/' ? [''] : path.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = have[i] ?? '';
    if (part.startsWith(':') && segment !== '') params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/**
 * Starts loading the screen of `path` and, for a signed-in route with a prefetch once
 * `signedIn` says so, its data. Does nothing for a path no route matches. The promise settles once the data
 * requests are started (or known not to be); it never rejects (a failed chunk is reported
 * by the screen's render, a failed request by the screen's query; a failed prefetch
 * module leaves the screen to start its queries itself).
 * @param path `location.pathname` at startup
 * @param signedIn resolves once the session is checked: true when signed in
 */
export async function preloadRoute(path: string, signedIn: Promise<boolean>, client: QueryClient): Promise<void> {
  const match = ROUTES.map((route) => ({ route, params: routeParams(route.path, path) })).find((m) => m.params !== null);
  if (!match?.params) return;
  const { route, params } = match;
  void preloadScreen(route.screen);
  const loadPrefetch = PREFETCHES[route.path];
  if (route.access !== 'auth' || !loadPrefetch) return;
  await Promise.all([loadPrefetch(), signedIn]).then(
    ([prefetch, yes]) => {
      if (yes) prefetch(client, params);
    },
    () => undefined,
  );
}
