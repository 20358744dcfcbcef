import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { Atom } from 'jotai';
import { renderApp } from './appHarness';
import { cycleThemeModeAtom, themeModeAtom, themeNameAtom } from '../../src/atoms/ui.atoms';
import { PALETTES } from '../../src/theme/palettes';

beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {}))));
afterEach(() => vi.unstubAllGlobals());

const themeRoot = () => document.querySelector('.radix-themes');

/** A fresh store with the atom mounted, as a component would mount it (reads storage then). */
function mounted(atom: Atom<unknown>) {
  const store = createStore();
  store.sub(atom, () => {});
  return store;
}

describe('theme preferences (SPEC.md sections 4, 5, 9)', () => {
  it('accepts a stored mode only if light, dark or system', () => {
    localStorage.setItem('theme-mode', 'sepia');
    expect(mounted(themeModeAtom).get(themeModeAtom)).toBe('system');
    localStorage.setItem('theme-mode', 'dark');
    expect(mounted(themeModeAtom).get(themeModeAtom)).toBe('dark');
  });

  it('accepts a stored theme name only if known', () => {
    localStorage.setItem('theme-name', 'teal');
    expect(mounted(themeNameAtom).get(themeNameAtom)).toBe('default');
    localStorage.setItem('theme-name', 'rose');
    expect(mounted(themeNameAtom).get(themeNameAtom)).toBe('rose');
  });

  it('cycles light, dark, system, light and stores the mode', () => {
    localStorage.setItem('theme-mode', 'light');
    const store = mounted(themeModeAtom);
    const seen = [store.get(themeModeAtom)];
    for (let i = 0; i < 3; i += 1) {
      store.set(cycleThemeModeAtom);
      seen.push(store.get(themeModeAtom));
    }
    expect(seen).toEqual(['light', 'dark', 'system', 'light']);
    expect(localStorage.getItem('theme-mode')).toBe('light');
  });

  it('maps the six palettes onto Radix accent colours', () => {
    expect(Object.fromEntries(Object.values(PALETTES).map((p) => [p.name, p.accentColor]))).toEqual({
      default: 'indigo',
      blue: 'blue',
      green: 'green',
      purple: 'purple',
      orange: 'orange',
      rose: 'ruby',
    });
  });

  it('applies the stored preferences to the Radix theme', async () => {
    localStorage.setItem('theme-mode', 'dark');
    localStorage.setItem('theme-name', 'green');
    renderApp('/settings', { signedIn: true });
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(themeRoot()).toHaveClass('dark');
    expect(themeRoot()).toHaveAttribute('data-accent-color', 'green');
  });

  it('the Settings screen changes and persists mode and palette', async () => {
    const user = userEvent.setup();
    renderApp('/settings', { signedIn: true });
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('radio', { name: 'Purple' }));
    expect(localStorage.getItem('theme-mode')).toBe('dark');
    expect(localStorage.getItem('theme-name')).toBe('purple');
    await waitFor(() => expect(themeRoot()).toHaveAttribute('data-accent-color', 'purple'));
    expect(themeRoot()).toHaveClass('dark');
  });

  it('the Appearance submenu checks the current mode and palette and switches them', async () => {
    const user = userEvent.setup();
    localStorage.setItem('theme-mode', 'light');
    renderApp('/settings', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Appearance' }));
    const submenu = (await screen.findAllByRole('menu')).at(-1)!;
    expect(within(submenu).getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    expect(within(submenu).getByRole('menuitemradio', { name: 'Default' })).toHaveAttribute('aria-checked', 'true');
    for (const name of ['Default', 'Blue', 'Green', 'Purple', 'Orange', 'Rose']) {
      expect(within(submenu).getByRole('menuitemradio', { name })).toBeInTheDocument();
    }
    // Radix selects a menu item on click; user-event's pointer path out of the submenu
    // would close it in jsdom first, so the click is dispatched directly.
    fireEvent.click(within(submenu).getByRole('menuitemradio', { name: 'Rose' }));
    expect(localStorage.getItem('theme-name')).toBe('rose');
    await waitFor(() => expect(themeRoot()).toHaveAttribute('data-accent-color', 'ruby'));
  });
});
