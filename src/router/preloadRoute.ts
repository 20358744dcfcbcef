/**
 * The first screen of a visit, started early (issue 5 "Weight of the pages": the request
 * chain entry → session check → screen chunk → data). Its chunk loads alongside the session
 * check instead of after it, and once the session is known to be signed in, the screen's
 * `prefetch` (see `ScreenModule`) starts its first data requests before it renders.
 */
import type { QueryClient } from '@tanstack/react-query';
import { preloadScreen } from './lazyScreen';
import { ROUTES } from './routes';

/** Whether `path` (a pathname) matches a route pattern of `ROUTES` (`:name` matches one non-empty segment). */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  if (path === '/' || want.length !== have.length) return pattern === path;
  return want.every((part, i) => (part.startsWith(':') ? (have[i] ?? '') !== '' : part === have[i]));
}

/**
 * Starts loading the screen of `path` and, for a signed-in route once `signedIn` says so,
 * its data. Does nothing for a path no route matches. The promise settles once the data
 * requests are started (or known not to be); it never rejects (a failed chunk is reported
 * by the screen's render, a failed request by the screen's query).
 * @param path `location.pathname` at startup
 * @param signedIn resolves once the session is checked: true when signed in
 */
export async function preloadRoute(path: string, signedIn: Promise<boolean>, client: QueryClient): Promise<void> {
  const route = ROUTES.find((r) => matchesRoute(r.path, path));
  if (!route) return;
  const screen = preloadScreen(route.screen);
  if (route.access !== 'auth') return;
  await Promise.all([screen, signedIn]).then(
    ([module, yes]) => {
      if (yes) module?.prefetch?.(client);
    },
    () => undefined,
  );
}
