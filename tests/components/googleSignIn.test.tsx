import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderApp, testSession } from './appHarness';
import { fakeApi, json, problem, renderAt } from './entities/harness';
import { GoogleSignInButton } from '../../src/screens/login/GoogleSignInButton';
import { toastActor } from '../../src/lib/toaster';

vi.mock('../../src/lib/leavePage', () => ({ leaveFor: vi.fn() }));
const { leaveFor } = await import('../../src/lib/leavePage');

const AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=abc';
const STATE_KEY = 'oauth_state';
/** The login screen loads lazily; the first render in a file compiles it. */
const googleButton = () => screen.findByRole('button', { name: 'Sign in with Google' }, { timeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockReset();
  sessionStorage.clear();
  for (const toast of toastActor.getSnapshot().context.toasts) toastActor.send({ type: 'toast.dismiss', id: toast.id });
});

describe('Sign in with Google (login screen)', () => {
  it('saves a random 32-hex state in sessionStorage, posts it with this app’s /auth/callback and leaves for the authorization URL', async () => {
    const api = fakeApi().on('GET', '/v1/auth/providers', { google: true }).on('POST', '/v1/auth/google', { authorization_url: AUTHORIZATION_URL });
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await googleButton());
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(AUTHORIZATION_URL));
    const state = sessionStorage.getItem(STATE_KEY);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(api.callsTo('POST', '/v1/auth/google').map((c) => c.body)).toEqual([{ redirect_uri: `${window.location.origin}/auth/callback`, state }]);
  });

  it('makes a new state each time', async () => {
    fakeApi().on('GET', '/v1/auth/providers', { google: true }).on('POST', '/v1/auth/google', { authorization_url: AUTHORIZATION_URL });
    const user = userEvent.setup();
    const first = renderApp('/login');
    await user.click(await googleButton());
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    const one = sessionStorage.getItem(STATE_KEY);
    first.unmount();
    renderApp('/login');
    await user.click(await googleButton());
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(2));
    expect(sessionStorage.getItem(STATE_KEY)).not.toBe(one);
  });

  it('shows the server’s detail when the start fails, stays on the page and can be pressed again', async () => {
    const detail = 'redirect_uri http://localhost:3000/auth/callback is not on this server’s allow-list (OIDC_REDIRECT_URIS)';
    fakeApi().on('GET', '/v1/auth/providers', { google: true }).on('POST', '/v1/auth/google', () => problem(400, { title: 'Bad Request', detail }));
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await googleButton());
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it("falls back to 'Failed to initiate Google authentication' when the answer has no message or no URL", async () => {
    fakeApi().on('GET', '/v1/auth/providers', { google: true }).on('POST', '/v1/auth/google', { something: 'else' });
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await googleButton());
    expect(await screen.findByText('Failed to initiate Google authentication')).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });
});

describe('GoogleSignInButton on the invitation screen', () => {
  it("says 'Continue with Google' and sends the invitation link's token with the state", async () => {
    const api = fakeApi().on('POST', '/v1/auth/google', { authorization_url: AUTHORIZATION_URL });
    const user = userEvent.setup();
    renderAt(<GoogleSignInButton invitationToken="inv-token-1" />, { path: '/setup-password', pattern: '/setup-password' });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(api.callsTo('POST', '/v1/auth/google').map((c) => c.body)).toEqual([
      { redirect_uri: `${window.location.origin}/auth/callback`, state: sessionStorage.getItem(STATE_KEY), invitation_token: 'inv-token-1' },
    ]);
  });

  it("on /setup-password the button carries the link's token, so another Google account meets the server's 409 rather than a new organization", async () => {
    const api = fakeApi()
      .on('GET', '/v1/auth/providers', { google: true })
      .on('POST', '/v1/auth/google', { authorization_url: AUTHORIZATION_URL });
    const user = userEvent.setup();
    renderApp('/setup-password?token=inv-token-2');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 5000 }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(api.callsTo('POST', '/v1/auth/google').map((c) => c.body)).toEqual([
      { redirect_uri: `${window.location.origin}/auth/callback`, state: sessionStorage.getItem(STATE_KEY), invitation_token: 'inv-token-2' },
    ]);
  });
});

describe('/auth/callback', () => {
  const state = 'c0ffee00'.repeat(4);

  it('with the saved state: posts every returned parameter, signs in and goes to /dashboard; the state is used up', async () => {
    const api = fakeApi().on('POST', '/v1/auth/callback', () => json(testSession)).on('GET', '/v1/auth/providers', { google: true });
    sessionStorage.setItem(STATE_KEY, state);
    const { memory, actor } = renderApp(`/auth/callback?code=4%2F0Ab-code&state=${state}&scope=openid+email&authuser=0`);
    await waitFor(() => expect(currentLocation(memory)).toBe('/dashboard'));
    expect(api.callsTo('POST', '/v1/auth/callback').map((c) => c.body)).toEqual([{ code: '4/0Ab-code', state, scope: 'openid email', authuser: '0' }]);
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.session?.user.email).toBe(testSession.user.email);
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it("without a saved state, or with another one: 'Invalid state parameter', no call, a way back to sign in", async () => {
    for (const saved of [null, 'f'.repeat(32)]) {
      const api = fakeApi();
      if (saved) sessionStorage.setItem(STATE_KEY, saved);
      const view = renderApp(`/auth/callback?code=abc&state=${state}`);
      expect((await screen.findAllByText('Invalid state parameter')).length).toBeGreaterThan(0);
      expect(api.callsTo('POST', '/v1/auth/callback')).toEqual([]);
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
      view.unmount();
    }
  });

  it('shows the server’s detail when the callback is refused (a replayed code), and stays signed out', async () => {
    const detail = 'This Google sign-in was already completed or was not started here (unknown state). Start again from the sign-in screen.';
    fakeApi().on('POST', '/v1/auth/callback', () => problem(400, { title: 'Bad Request', detail }));
    sessionStorage.setItem(STATE_KEY, state);
    const { actor, memory } = renderApp(`/auth/callback?code=abc&state=${state}`);
    expect((await screen.findAllByText(detail)).length).toBeGreaterThan(0);
    expect(screen.getByText('Sign-in did not complete')).toBeInTheDocument();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
    expect(currentLocation(memory)).toBe(`/auth/callback?code=abc&state=${state}`);
  });

  it("falls back to 'Authentication failed' when the refusal has no message", async () => {
    fakeApi().on('POST', '/v1/auth/callback', () => new Response('', { status: 502 }));
    sessionStorage.setItem(STATE_KEY, state);
    renderApp(`/auth/callback?code=abc&state=${state}`);
    expect((await screen.findAllByText('Authentication failed')).length).toBeGreaterThan(0);
  });
});
