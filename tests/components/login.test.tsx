import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderApp, testSession } from './appHarness';
import { toastActor } from '../../src/lib/toaster';

/** Answers GET /v1/auth/providers with `providers`; every other call stays pending. */
function serveProviders(providers: unknown) {
  const fetch = vi.fn((input: RequestInfo | URL) =>
    String(input).endsWith('/v1/auth/providers')
      ? Promise.resolve(new Response(JSON.stringify(providers), { headers: { 'content-type': 'application/json' } }))
      : new Promise<Response>(() => {}),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastActor.getSnapshot().context.toasts) toastActor.send({ type: 'toast.dismiss', id: toast.id });
});

const emailInput = () => screen.getByLabelText('Email');
const passwordInput = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Sign in' });

describe('login screen', () => {
  it('shows inline errors for missing fields and does not sign in', async () => {
    serveProviders({ google: false });
    const user = userEvent.setup();
    const signIn = vi.fn();
    renderApp('/login', { signIn });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAccessibleDescription('Email is required');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    serveProviders({ google: false });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada-at-example');
    await user.type(passwordInput(), 'secret');
    await user.click(submit());
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it("shows the server's problem message and field errors, in place and as an error toast", async () => {
    serveProviders({ google: false });
    const user = userEvent.setup();
    renderApp('/login', {
      signIn: () => Promise.reject({ message: 'Invalid email or password', fields: { password: 'Wrong password' } }),
    });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(passwordInput(), 'nope');
    await user.click(submit());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Invalid email or password')]));
    expect(alerts.some((a) => a.getAttribute('data-toast-type') === 'error')).toBe(true);
    expect(screen.getByText('Wrong password')).toBeInTheDocument();
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in with the trimmed email and goes to /dashboard', async () => {
    serveProviders({ google: false });
    const user = userEvent.setup();
    const signIn = vi.fn(async () => testSession);
    const { memory } = renderApp('/login', { signIn });
    await user.type(await screen.findByLabelText('Email'), '  ada@example.com ');
    await user.type(passwordInput(), 'secret');
    await user.click(submit());
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret');
    await waitFor(() => expect(currentLocation(memory)).toBe('/dashboard'));
  });

  it('offers Google only when GET /v1/auth/providers says google: true', async () => {
    const fetch = serveProviders({ google: true });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/v1/auth/providers', expect.anything());
  });

  it('hides Google when the server says google: false', async () => {
    const fetch = serveProviders({ google: false });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });
});

describe('auth callback', () => {
  it("rejects a state that differs from the saved one: 'Invalid state parameter'", async () => {
    const fetch = serveProviders({ google: true });
    sessionStorage.setItem('oauth_state', 'a'.repeat(32));
    renderApp(`/auth/callback?code=abc&state=${'b'.repeat(32)}`);
    expect((await screen.findAllByText('Invalid state parameter')).length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalledWith('/v1/auth/callback', expect.anything());
  });
});
