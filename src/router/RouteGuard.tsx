import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSession } from '../atoms/session.atoms';
import { afterSignInTarget, loginRedirectTarget } from './redirects';
import { ScreenSpinner } from './ScreenSpinner';

/** Who may open a route (SPEC.md section 2 table): `public` anyone, signed in or not; `auth` signed in; `guest` signed out. */
export type RouteAccess = 'public' | 'auth' | 'guest';

/**
 * SPEC.md section 2 "Route guard": waits for auth initialisation; a signed-out visit to an
 * auth route goes to /login with the full target in `redirect`; a signed-in visit to a
 * guests-only route goes to /dashboard (or to its `redirect` target, right after sign-in).
 */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { initialised, authenticated } = useSession();
  const [path] = useLocation();
  const search = useSearch();
  if (!initialised) return <ScreenSpinner label="Checking your session" />;
  if (access === 'auth' && !authenticated) return <Redirect to={loginRedirectTarget(path, search)} replace />;
  if (access === 'guest' && authenticated) return <Redirect to={afterSignInTarget(search)} replace />;
  return <>{children}</>;
}
