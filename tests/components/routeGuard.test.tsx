import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { renderApp, currentLocation, testSession } from './appHarness';
import { lazyScreen, PRELOAD_ERROR_EVENT } from '../../src/router/lazyScreen';
import { ScreenErrorBoundary } from '../../src/router/ScreenErrorBoundary';
import { loginRedirectTarget, redirectFromSearch } from '../../src/router/redirects';

beforeEach(() => {
  // No server in these tests: every API call stays pending.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => vi.unstubAllGlobals());

describe('route guard (SPEC.md section 2)', () => {
  it('sends a signed-out visit to /login with the full target path in redirect', async () => {
    const { memory } = renderApp('/events?view=list&device=cam-1');
    await waitFor(() => expect(currentLocation(memory)).toBe('/login?redirect=%2Fevents%3Fview%3Dlist%26device%3Dcam-1'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Floorwatch' })).toBeInTheDocument();
  });

  it('sends a signed-in visit to a guests-only route to /dashboard', async () => {
    const { memory } = renderApp('/login', { signedIn: true });
    await waitFor(() => expect(currentLocation(memory)).toBe('/dashboard'));
    const callback = renderApp('/auth/callback?code=x&state=y', { signedIn: true });
    await waitFor(() => expect(currentLocation(callback.memory)).toBe('/dashboard'));
  });

  it('after sign-in on /login, goes to the redirect target', async () => {
    const { memory, actor } = renderApp('/login?redirect=%2Fsettings%3Ftab%3Dappearance');
    await screen.findByRole('heading', { name: 'Sign in to Floorwatch' });
    act(() => actor.send({ type: 'auth.session', session: testSession }));
    await waitFor(() => expect(currentLocation(memory)).toBe('/settings?tab=appearance'));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('shows the route of a restored session at once, while its profile is re-verified', async () => {
    const { memory, resolveProfile } = renderApp('/settings', { stored: testSession });
    // SPEC.md section 4: restored, then re-verified; the screen does not wait for the check.
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(currentLocation(memory)).toBe('/settings');
    act(() => resolveProfile({ user: testSession.user, organization: testSession.organization }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(currentLocation(memory)).toBe('/settings');
  });

  it('signs a restored session out to /login when its profile check fails', async () => {
    const { memory, rejectProfile, actor } = renderApp('/settings', { stored: testSession });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    act(() => rejectProfile(new Error('401')));
    await waitFor(() => expect(currentLocation(memory)).toBe('/login?redirect=%2Fsettings'));
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('redirects / to /dashboard', async () => {
    const { memory } = renderApp('/', { signedIn: true });
    await waitFor(() => expect(currentLocation(memory)).toBe('/dashboard'));
  });

  it('shows the not-found page for other paths, e.g. /help', async () => {
    renderApp('/help', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/help')).toBeInTheDocument();
  });

  it('builds and validates redirect targets', () => {
    expect(loginRedirectTarget('/floors/f1', 'mode=view')).toBe('/login?redirect=%2Ffloors%2Ff1%3Fmode%3Dview');
    expect(loginRedirectTarget('/devices', '')).toBe('/login?redirect=%2Fdevices');
    expect(redirectFromSearch('redirect=%2Fdevices%2Fcam-1')).toBe('/devices/cam-1');
    expect(redirectFromSearch('redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(redirectFromSearch('redirect=%2F%2Fevil.example')).toBeNull();
    expect(redirectFromSearch('')).toBeNull();
  });
});

describe('failed lazy load (SPEC.md section 2)', () => {
  const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

  it('dispatches preload-error and, unhandled, rethrows into the error boundary with a reload button', async () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<{ error: Error }>).detail.error.message);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen(failing);
    render(
      <ScreenErrorBoundary>
        <Suspense fallback="loading">
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be loaded.')).toBeInTheDocument();
    expect(seen).toEqual(['Failed to fetch dynamically imported module']);
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    consoleError.mockRestore();
  });

  it('does not rethrow when a listener handles the event', async () => {
    const listener = (event: Event) => event.preventDefault();
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    const Screen = lazyScreen(failing);
    render(
      <ScreenErrorBoundary>
        <Suspense fallback="loading">
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    await waitFor(() => expect(screen.queryByText('loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
  });
});
