/**
 * The guard's addresses (SPEC.md section 2 "Route guard"). `redirect` carries the full
 * target (path and query) so signing in returns the user exactly where they were.
 */

/** `/login?redirect=<path?search>` for a signed-out visit to `path` with query `search` (no '?'). */
export function loginRedirectTarget(path: string, search: string): string {
  const target = search ? `${path}?${search}` : path;
  return `/login?redirect=${encodeURIComponent(target)}`;
}

/**
 * The `redirect` query value when it is a same-site path worth returning to; null for
 * anything else (absolute or protocol-relative URLs, the guest pages themselves).
 */
export function redirectFromSearch(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/auth/callback')) return null;
  return target;
}

/** Where a signed-in visit to a guests-only page goes: the redirect target, else /dashboard. */
export function afterSignInTarget(search: string): string {
  return redirectFromSearch(search) ?? '/dashboard';
}
