/**
 * The first screen of a visit, started early (issue 5 "Weight of the pages": the request
 * chain entry → session check → screen chunk → data). Its chunk loads alongside the session
 * check instead of after it, and once the session is known to be signed in, the screen's
 * `prefetch` (see `ScreenModule`) starts its first data requests before it renders.
 */
import type { QueryClient } from '@tanstack/react-query';
import { preloadScreen } from './lazyScreen';
import { ROUTES } from './routes';

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
 * Starts loading the screen of `path` and, for a signed-in route once `signedIn` says so,
 * its data. Does nothing for a path no route matches. The promise settles once the data
 * requests are started (or known not to be); it never rejects (a failed chunk is reported
 * by the screen's render, a failed request by the screen's query).
 * @param path `location.pathname` at startup
 * @param signedIn resolves once the session is checked: true when signed in
 */
export async function preloadRoute(path: string, signedIn: Promise<boolean>, client: QueryClient): Promise<void> {
  const match = ROUTES.map((route) => ({ route, params: routeParams(route.path, path) })).find((m) => m.params !== null);
  if (!match?.params) return;
  const { route, params } = match;
  const screen = preloadScreen(route.screen);
  if (route.access !== 'auth') return;
  await Promise.all([screen, signedIn]).then(
    ([module, yes]) => {
      if (yes) module?.prefetch?.(client, params);
    },
    () => undefined,
  );
}
