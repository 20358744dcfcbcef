import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, testSession, testUser } from './appHarness';
import { fakeApi, json, noContent, problem } from './entities/harness';
import { toastActor } from '../../src/lib/toaster';

// The first test also waits for the lazy screen chunk to compile.
vi.setConfig({ testTimeout: 20_000 });

const NEW_PASSWORD = 'a changed passphrase';
const member = { ...testUser, created_at: '2026-01-01T00:00:00.000Z' };
const colleague = { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com', picture: null, created_at: '2026-02-01T00:00:00.000Z' };
const pending = {
  id: 'inv-1',
  email: 'alan@example.com',
  invited_by: { id: testUser.id, name: testUser.name, email: testUser.email },
  created_at: '2026-03-01T00:00:00.000Z',
  expires_at: '2026-03-08T00:00:00.000Z',
};

const fieldProblem = (field: string, detail: string) =>
  json({ type: 'about:blank', title: 'Bad Request', status: 400, detail, errors: [{ field, message: detail }] }, 400);

/** The fake server with the team lists answered. */
function serveTeam(invitations: unknown[] = [pending]) {
  return fakeApi()
    .on('GET', '/v1/users', { users: [member, colleague] })
    .on('GET', '/v1/invitations', () => json({ invitations }));
}

/** Opens /settings/account signed in, once its lazy chunk has loaded. */
async function renderAccount() {
  const view = renderApp('/settings/account', { signedIn: true });
  await screen.findByRole('heading', { name: 'Account settings' }, { timeout: 10_000 });
  return view;
}
const form = (name: string) => screen.getByRole('form', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastActor.getSnapshot().context.toasts) toastActor.send({ type: 'toast.dismiss', id: toast.id });
});

describe('account settings: profile', () => {
  it('sends only the changed fields, and the answer becomes the session user', async () => {
    const picture = 'https://images.example.test/ada.png';
    const api = serveTeam().on('PATCH', '/v1/auth/profile', (call) => {
      const body = call.body as { name?: string; picture?: string | null };
      return json({ user: { ...testUser, ...body }, organization: testSession.organization });
    });
    const user = userEvent.setup();
    const { actor } = await renderAccount();
    const save = await screen.findByRole('button', { name: 'Save profile' });
    expect(save).toBeDisabled();
    await user.type(within(form('Profile')).getByLabelText('Picture'), picture);
    await user.click(save);
    await waitFor(() => expect(actor.getSnapshot().context.session?.user.picture).toBe(picture));
    expect(api.callsTo('PATCH', '/v1/auth/profile').map((c) => c.body)).toEqual([{ picture }]);
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();

    const name = within(form('Profile')).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, '  Ada King ');
    await user.click(save);
    await waitFor(() => expect(actor.getSnapshot().context.session?.user.name).toBe('Ada King'));
    expect(api.callsTo('PATCH', '/v1/auth/profile').at(-1)?.body).toEqual({ name: 'Ada King' });
  });

  it('refuses a blank name and a picture that is not an https address before sending', async () => {
    const api = serveTeam();
    const user = userEvent.setup();
    await renderAccount();
    const name = await within(await screen.findByRole('form', { name: 'Profile' })).findByLabelText('Name');
    await user.clear(name);
    await user.type(within(form('Profile')).getByLabelText('Picture'), 'http://images.example.test/a.png');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(name).toHaveAccessibleDescription('Enter your name');
    expect(within(form('Profile')).getByLabelText('Picture')).toHaveAccessibleDescription(/Enter an https:\/\/ address/);
    expect(api.callsTo('PATCH', '/v1/auth/profile')).toHaveLength(0);
  });

  it("shows 'Failed to update profile' when the server gives no detail", async () => {
    serveTeam().on('PATCH', '/v1/auth/profile', () => new Response('', { status: 500 }));
    const user = userEvent.setup();
    await renderAccount();
    const name = await within(await screen.findByRole('form', { name: 'Profile' })).findByLabelText('Name');
    await user.type(name, ' Byron');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(form('Profile')).findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it("shows a field problem's detail under its field", async () => {
    serveTeam().on('PATCH', '/v1/auth/profile', () => fieldProblem('picture', 'picture must be an https URL (https://…), or null to remove the picture'));
    const user = userEvent.setup();
    await renderAccount();
    const picture = await within(await screen.findByRole('form', { name: 'Profile' })).findByLabelText('Picture');
    await user.type(picture, 'https://x.example.test/a.png');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(picture).toHaveAccessibleDescription('picture must be an https URL (https://…), or null to remove the picture'));
  });
});

describe('account settings: password change', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirmation = next) => {
    const scope = within(await screen.findByRole('form', { name: 'Change password' }));
    if (current) await user.type(scope.getByLabelText('Current password'), current);
    await user.type(scope.getByLabelText('New password'), next);
    await user.type(scope.getByLabelText('Confirm new password'), confirmation);
    await user.click(scope.getByRole('button', { name: 'Change password' }));
    return scope;
  };

  it('changes the password and says the other sessions were signed out', async () => {
    const api = serveTeam().on('POST', '/v1/auth/password/change', noContent);
    const user = userEvent.setup();
    await renderAccount();
    const scope = await fill(user, 'the old passphrase', NEW_PASSWORD);
    expect(await scope.findByText(/Password changed\. Your other sessions were signed out/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/password/change').map((c) => c.body)).toEqual([
      { current_password: 'the old passphrase', new_password: NEW_PASSWORD },
    ]);
    expect(scope.getByLabelText('Current password')).toHaveValue('');
  });

  it('applies the 12-character rule and needs the current password, before any call', async () => {
    const api = serveTeam();
    const user = userEvent.setup();
    await renderAccount();
    const scope = await fill(user, '', 'too short');
    expect(scope.getByLabelText('New password')).toHaveAccessibleDescription('Use at least 12 characters (this has 9)');
    expect(api.callsTo('POST', '/v1/auth/password/change')).toHaveLength(0);
  });

  it('a wrong current password shows under that field', async () => {
    serveTeam().on('POST', '/v1/auth/password/change', () => fieldProblem('current_password', 'The current password is incorrect'));
    const user = userEvent.setup();
    await renderAccount();
    const scope = await fill(user, 'not the password', NEW_PASSWORD);
    await waitFor(() => expect(scope.getByLabelText('Current password')).toHaveAccessibleDescription('The current password is incorrect'));
  });
});

describe('account settings: team and invitations', () => {
  it('lists the members and the pending invitations', async () => {
    serveTeam();
    await renderAccount();
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(members).getByText('You')).toBeInTheDocument();
    const invitations = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(within(invitations).getByText('alan@example.com')).toBeInTheDocument();
    expect(within(invitations).getByText(/Invited by Ada Lovelace · expires/)).toBeInTheDocument();
  });

  it('invites by email and lists the new invitation', async () => {
    let invitations: unknown[] = [];
    const api = serveTeam()
      .on('GET', '/v1/invitations', () => json({ invitations }))
      .on('POST', '/v1/invitations', (call) => {
        const invitation = { ...pending, id: 'inv-2', email: (call.body as { email: string }).email };
        invitations = [invitation];
        return json(invitation, 201);
      });
    const user = userEvent.setup();
    await renderAccount();
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Invite a colleague'), ' bob@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const table = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(within(table).getByText('bob@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/invitations').map((c) => c.body)).toEqual([{ email: 'bob@example.com' }]);
    expect(screen.getByLabelText('Invite a colleague')).toHaveValue('');
  });

  it.each([
    ['an account in another organization', 'bob@example.com already has a Floorwatch account in another organization. A person belongs to one organization only, so they cannot be invited.'],
    [
      'the members limit',
      'Your plan allows 5 members, pending invitations included; the organization has 4 members and 1 pending invitation. Revoke a pending invitation, or choose a larger plan in Settings → Organization to invite more.',
    ],
  ])('shows the 409 for %s under the field', async (_case, detail) => {
    serveTeam().on('POST', '/v1/invitations', () => problem(409, { title: 'Conflict', detail }));
    const user = userEvent.setup();
    await renderAccount();
    const email = await screen.findByLabelText('Invite a colleague');
    await user.type(email, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(detail));
  });

  it('checks the email before inviting', async () => {
    const api = serveTeam();
    const user = userEvent.setup();
    await renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(screen.getByLabelText('Invite a colleague')).toHaveAccessibleDescription('Email is required');
    expect(api.callsTo('POST', '/v1/invitations')).toHaveLength(0);
  });

  it('revokes a pending invitation', async () => {
    let invitations: unknown[] = [pending];
    const api = serveTeam()
      .on('GET', '/v1/invitations', () => json({ invitations }))
      .on('DELETE', '/v1/invitations/inv-1', () => {
        invitations = [];
        return noContent();
      });
    const user = userEvent.setup();
    await renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation of alan@example.com' }));
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/v1/invitations/inv-1')).toHaveLength(1);
  });
});
