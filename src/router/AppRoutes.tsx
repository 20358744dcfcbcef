import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { NotFoundScreen, ROUTES } from './routes';
import { RouteGuard } from './RouteGuard';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ScreenSpinner } from './ScreenSpinner';

/**
 * Every route of SPEC.md section 2: `/` redirects to /dashboard, each screen sits behind
 * its guard, and any other path shows the not-found screen. The error boundary is keyed
 * by path so a failed screen does not stick to the next route.
 */
export function AppRoutes() {
  const [path] = useLocation();
  return (
    <ScreenErrorBoundary key={path}>
      <Suspense fallback={<ScreenSpinner />}>
        <Switch>
          <Route path="/">
            <Redirect to="/dashboard" replace />
          </Route>
          {ROUTES.map(({ path: pattern, access, screen: Screen }) => (
            <Route key={pattern} path={pattern}>
              <RouteGuard access={access}>
                <Screen />
              </RouteGuard>
            </Route>
          ))}
          <Route>
            <RouteGuard access="public">
              <NotFoundScreen />
            </RouteGuard>
          </Route>
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
