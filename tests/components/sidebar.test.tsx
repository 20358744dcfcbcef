import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './appHarness';
import { isBuildingsActive } from '../../src/layout/sidebarNav';

beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {}))));
afterEach(() => vi.unstubAllGlobals());

const cookie = () => document.cookie;

describe('sidebar (SPEC.md section 2 "Layout")', () => {
  it('shows the heading, the two groups and their exact entries', async () => {
    renderApp('/settings', { signedIn: true });
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByText('Floorwatch')).toBeInTheDocument();
    expect(within(sidebar).getByText('Device Management')).toBeInTheDocument();
    const entries = (name: string) =>
      within(within(sidebar).getByRole('group', { name })).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(entries('Platform')).toEqual(['/dashboard', '/buildings', '/devices', '/events', '/map']);
    expect(entries('Management')).toEqual(['/settings', '/api-docs']);
    expect(within(sidebar).getByRole('link', { name: 'Buildings & Floors' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'API Docs' })).toBeInTheDocument();
  });

  it('is collapsed by default and Ctrl+B toggles it, saving sidebar_state for 7 days', async () => {
    const user = userEvent.setup();
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor.set!.call(document, value);
    });
    renderApp('/settings', { signedIn: true });
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(cookie()).toContain('sidebar_state=true');
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=true; path=\/; max-age=604800/);
    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(cookie()).toContain('sidebar_state=false');
    spy.mockRestore();
  });

  it('starts expanded when the cookie says so', async () => {
    document.cookie = 'sidebar_state=true; path=/';
    renderApp('/settings', { signedIn: true });
    expect(await screen.findByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  });

  it('marks Buildings & Floors active below /buildings', async () => {
    renderApp('/buildings/b1/map', { signedIn: true });
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Buildings & Floors' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('applies the active rule for floor plans and floors', () => {
    expect(isBuildingsActive('/buildings')).toBe(true);
    expect(isBuildingsActive('/buildings/b1')).toBe(true);
    expect(isBuildingsActive('/anything/floor-plan/x')).toBe(true);
    expect(isBuildingsActive('/floors/f1')).toBe(true);
    expect(isBuildingsActive('/buildingsx')).toBe(false);
    expect(isBuildingsActive('/devices')).toBe(false);
  });

  it('is not shown when signed out or on /login', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Floorwatch' });
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it('Settings stays active on /settings/account, and the top bar shows the breadcrumb', async () => {
    renderApp('/settings/account', { signedIn: true });
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(crumbs).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings'));
  });
});
