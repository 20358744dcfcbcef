import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderApp, testSession } from './appHarness';
import { fakeApi, json, noContent, problem } from './entities/harness';
import { toastActor } from '../../src/lib/toaster';

const GOOD_PASSWORD = 'a long enough passphrase';
const RESET_SENT = 'If an account uses this email, a password reset link is on its way. It works once, for 1 hour.';
const POLICY_DETAIL =
  'The password must be at least 12 characters long (it has 11). Any characters count, spaces and emoji included; no mix of letters, digits or symbols is required, so a long phrase works well.';
const USED_LINK = 'This password reset link was already used. Ask for a new one from the sign-in screen if you need to reset again.';
const EXPIRED_INVITATION = 'This invitation link is invalid or has expired. Ask a member of your organization to invite you again.';

/** A 400 problem naming `field`, as server/http/problem.ts badRequest() answers. */
const fieldProblem = (field: string, detail: string) =>
  json({ type: 'about:blank', title: 'Bad Request', status: 400, detail, errors: [{ field, message: detail }] }, 400);

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastActor.getSnapshot().context.toasts) toastActor.send({ type: 'toast.dismiss', id: toast.id });
});

describe('forgot password', () => {
  it('is linked from the sign-in screen', async () => {
    fakeApi().on('GET', '/v1/auth/providers', { google: false });
    const user = userEvent.setup();
    const { memory } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(currentLocation(memory)).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('checks the email first, then shows the same confirmation the server gives for any email', async () => {
    const api = fakeApi().on('POST', '/v1/auth/password/reset-request', () => json({ message: RESET_SENT }, 202));
    const user = userEvent.setup();
    renderApp('/forgot-password');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(api.calls).toHaveLength(0);

    await user.clear(email);
    await user.type(email, ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText(RESET_SENT)).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/password/reset-request').map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it("shows the rate limit's problem detail inline", async () => {
    fakeApi().on('POST', '/v1/auth/password/reset-request', () =>
      problem(429, { title: 'Too Many Requests', detail: 'Too many password reset requests; try again in 12 minute(s)' }),
    );
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests; try again in 12 minute(s)');
    expect(screen.queryByText('Check your email')).not.toBeInTheDocument();
  });
});

describe('reset password from the mailed link', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) => {
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  };

  it('shows the rule, refuses a short password and a mismatch before any call', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-1');
    const password = await screen.findByLabelText('New password');
    expect(screen.getByText(/At least 12 characters\. Any characters count, spaces included/)).toBeInTheDocument();
    await fill(user, 'short pass!');
    expect(password).toHaveAccessibleDescription('Use at least 12 characters (this has 11)');
    await user.clear(password);
    await fill(user, GOOD_PASSWORD, 'another passphrase');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The two passwords do not match');
    expect(api.calls).toHaveLength(0);
  });

  it('counts code points as the server does: 12 emoji are 12 characters', async () => {
    fakeApi().on('POST', '/v1/auth/password/reset', noContent);
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-1');
    await fill(user, '🔒'.repeat(12));
    expect(await screen.findByText('Your password is changed')).toBeInTheDocument();
  });

  it("sends token and password, and shows the server's policy detail under the field", async () => {
    const api = fakeApi().on('POST', '/v1/auth/password/reset', () => fieldProblem('password', POLICY_DETAIL));
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-1');
    await fill(user, GOOD_PASSWORD);
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(POLICY_DETAIL));
    expect(api.callsTo('POST', '/v1/auth/password/reset').map((c) => c.body)).toEqual([{ token: 'tok-1', password: GOOD_PASSWORD }]);
  });

  it('a used, expired or forged link shows why and links to a new request', async () => {
    fakeApi().on('POST', '/v1/auth/password/reset', () => fieldProblem('token', USED_LINK));
    const user = userEvent.setup();
    const { memory } = renderApp('/reset-password?token=spent');
    await fill(user, GOOD_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(USED_LINK);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(currentLocation(memory)).toBe('/forgot-password');
  });

  it('a link without a token says so at once', async () => {
    const api = fakeApi();
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is incomplete');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(api.calls).toHaveLength(0);
  });

  it('after success leads to sign-in', async () => {
    fakeApi().on('POST', '/v1/auth/password/reset', noContent);
    const user = userEvent.setup();
    const { memory } = renderApp('/reset-password?token=tok-1');
    await fill(user, GOOD_PASSWORD);
    expect(await screen.findByText(/Every session of your account was signed out/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(currentLocation(memory)).toBe('/login');
  });

  it('asks a signed-in visitor to sign out first, then shows the form', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { actor } = renderApp('/reset-password?token=tok-1', { signedIn: true });
    expect(await screen.findByText(/You are signed in as ada@example.com/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out and continue' }));
    await waitFor(() => expect(actor.getSnapshot().hasTag('authenticated')).toBe(false));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});

describe('password setup from an invitation', () => {
  const invitedSession = { ...testSession, user: { id: 'u9', name: 'Grace Hopper', email: 'grace@example.com', picture: null } };

  it('creates the account, signs in with the answered session and opens the dashboard', async () => {
    const api = fakeApi()
      .on('GET', '/v1/auth/providers', { google: false })
      .on('POST', '/v1/auth/password/setup', () => json(invitedSession));
    const user = userEvent.setup();
    const { memory, actor } = renderApp('/setup-password?token=inv-1');
    await user.type(await screen.findByLabelText('Your name'), '  Grace Hopper ');
    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    await waitFor(() => expect(currentLocation(memory)).toBe('/dashboard'));
    expect(actor.getSnapshot().context.session?.user.email).toBe('grace@example.com');
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    // The signed-in layout: the (collapsed) sidebar's user menu shows the new member's initial.
    expect(await screen.findByRole('button', { name: 'User menu' })).toHaveTextContent('G');
    expect(api.callsTo('POST', '/v1/auth/password/setup').map((c) => c.body)).toEqual([{ token: 'inv-1', password: GOOD_PASSWORD, name: 'Grace Hopper' }]);
  });

  it('leaves the name out when blank, so the server uses the email', async () => {
    const api = fakeApi().on('GET', '/v1/auth/providers', { google: false }).on('POST', '/v1/auth/password/setup', () => json(invitedSession));
    const user = userEvent.setup();
    renderApp('/setup-password?token=inv-1');
    await user.type(await screen.findByLabelText('Password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/auth/password/setup')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/auth/password/setup')[0]?.body).toEqual({ token: 'inv-1', password: GOOD_PASSWORD });
  });

  it('an expired invitation shows why and stays signed out', async () => {
    fakeApi().on('GET', '/v1/auth/providers', { google: false }).on('POST', '/v1/auth/password/setup', () => fieldProblem('token', EXPIRED_INVITATION));
    const user = userEvent.setup();
    const { actor } = renderApp('/setup-password?token=old');
    await user.type(await screen.findByLabelText('Password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED_INVITATION);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
  });

  it('an email that has an account by now: the 409 detail in the form', async () => {
    const detail = 'An account with grace@example.com already exists. Sign in with it instead, or reset its password from the sign-in screen.';
    fakeApi().on('GET', '/v1/auth/providers', { google: false }).on('POST', '/v1/auth/password/setup', () => problem(409, { title: 'Conflict', detail }));
    const user = userEvent.setup();
    renderApp('/setup-password?token=inv-1');
    await user.type(await screen.findByLabelText('Password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  const preview = { email: 'grace@example.com', organization: { name: 'Navy Labs' }, invited_by: { name: 'Ada Admiral' }, expires_at: '2030-01-08T00:00:00.000Z' };

  it('names the organization, the inviter and the sign-in email before a password is typed', async () => {
    const api = fakeApi()
      .on('GET', '/v1/auth/providers', { google: false })
      .on('POST', '/v1/auth/password/setup/preview', () => json(preview));
    renderApp('/setup-password?token=inv-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Navy Labs on Floorwatch' })).toBeInTheDocument();
    expect(screen.getByText(/invited you to/)).toHaveTextContent('Ada Admiral invited you to Navy Labs. Choose a password to create your account.');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('grace@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(api.callsTo('POST', '/v1/auth/password/setup/preview').map((c) => c.body)).toEqual([{ token: 'inv-1' }]);
  });

  it('refuses a dead invitation link at once, before any password is typed', async () => {
    fakeApi()
      .on('GET', '/v1/auth/providers', { google: false })
      .on('POST', '/v1/auth/password/setup/preview', () => fieldProblem('token', EXPIRED_INVITATION));
    renderApp('/setup-password?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED_INVITATION);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('keeps the form when the preview fails for a reason that is not the link', async () => {
    fakeApi()
      .on('GET', '/v1/auth/providers', { google: false })
      .on('POST', '/v1/auth/password/setup/preview', () => problem(503, { title: 'Service Unavailable', detail: 'Try again' }));
    renderApp('/setup-password?token=inv-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join your team on Floorwatch' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/You were invited to an organization/)).toBeVisible());
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('offers Google beside the form only when the server has it configured', async () => {
    fakeApi().on('GET', '/v1/auth/providers', { google: true });
    renderApp('/setup-password?token=inv-1');
    const form = await screen.findByRole('form', { name: 'Set up your account' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });
});
