import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderApp, testSession } from './appHarness';
import { avatarFallback, displayName } from '../../src/layout/UserMenu';

beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {}))));
afterEach(() => vi.unstubAllGlobals());

describe('user menu (SPEC.md section 2)', () => {
  it('falls back to the first letter, then U, and to the name User', () => {
    expect(avatarFallback({ name: 'ada' })).toBe('A');
    expect(avatarFallback({ name: '  ' })).toBe('U');
    expect(avatarFallback(null)).toBe('U');
    expect(displayName({ name: '' })).toBe('User');
    expect(displayName({ name: 'Ada Lovelace' })).toBe('Ada Lovelace');
  });

  it('shows the avatar letter, name and email when expanded', async () => {
    document.cookie = 'sidebar_state=true; path=/';
    renderApp('/settings', { signedIn: true });
    const trigger = await screen.findByRole('button', { name: 'User menu' });
    // Radix shows the avatar's fallback letter after its image-status effect, not on first paint.
    expect(await within(trigger).findByText('A')).toBeInTheDocument();
    expect(within(trigger).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(trigger).getByText('ada@example.com')).toBeInTheDocument();
  });

  it("shows 'U' and 'User' for a user without a name", async () => {
    document.cookie = 'sidebar_state=true; path=/';
    renderApp('/settings', { signedIn: true, session: { ...testSession, user: { ...testSession.user, name: '' } } });
    const trigger = await screen.findByRole('button', { name: 'User menu' });
    expect(await within(trigger).findByText('U')).toBeInTheDocument();
    expect(within(trigger).getByText('User')).toBeInTheDocument();
  });

  it('offers the entries, and Help & Support leads to the not-found page', async () => {
    const user = userEvent.setup();
    const { memory } = renderApp('/settings', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    for (const name of ['Account Settings', 'Appearance', 'Help & Support', 'Sign out']) {
      expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Help & Support' }));
    await waitFor(() => expect(currentLocation(memory)).toBe('/help'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('Account Settings opens /settings/account with the user shown', async () => {
    const user = userEvent.setup();
    const { memory } = renderApp('/settings', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    await waitFor(() => expect(currentLocation(memory)).toBe('/settings/account'));
    expect(await screen.findByRole('heading', { name: 'Account settings', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
  });

  it('Sign out calls logout, clears the session and goes to /login', async () => {
    const user = userEvent.setup();
    const { memory, actor, signOut } = renderApp('/settings', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(currentLocation(memory)).toBe('/login'));
    expect(signOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(actor.getSnapshot().context.session).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Sign in to Floorwatch' })).toBeInTheDocument();
  });
});
