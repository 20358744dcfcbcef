/**
 * UI state (SPEC.md sections 2, 4, 5, 9): theme mode and name (localStorage, validated
 * on read), the sidebar's expanded state (cookie `sidebar_state`, 7 days), the mobile
 * sheet. The Live Events panel's open state sits with the realtime store (realtime.atoms.ts).
 */
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { isThemeMode, isThemeName, nextThemeMode } from '../theme/palettes';
import type { ThemeMode, ThemeName } from '../theme/palettes';
import { readCookie, readItem, removeItem, writeCookie, writeItem } from '../lib/storage';

/** localStorage keys of the theme preferences. */
export const THEME_MODE_STORAGE_KEY = 'theme-mode';
export const THEME_NAME_STORAGE_KEY = 'theme-name';
/** SPEC.md section 2: cookie name and lifetime (604 800 s = 7 days). */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800;

/** A synchronous string storage for `atomWithStorage` that rejects invalid stored values. */
function validatedLocalStorage<T extends string>(isValid: (value: unknown) => value is T) {
  return {
    getItem: (key: string, initialValue: T): T => {
      const stored = readItem(key);
      return isValid(stored) ? stored : initialValue;
    },
    setItem: (key: string, value: T): void => writeItem(key, value),
    removeItem: (key: string): void => removeItem(key),
  };
}

export const themeModeAtom = atomWithStorage<ThemeMode>(
  THEME_MODE_STORAGE_KEY,
  'system',
  validatedLocalStorage(isThemeMode),
  { getOnInit: true },
);

export const themeNameAtom = atomWithStorage<ThemeName>(
  THEME_NAME_STORAGE_KEY,
  'default',
  validatedLocalStorage(isThemeName),
  { getOnInit: true },
);

/** Cycles the mode light -> dark -> system -> light. */
export const cycleThemeModeAtom = atom(null, (get, set) => set(themeModeAtom, nextThemeMode(get(themeModeAtom))));

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

const systemDarkAtom = atom(systemPrefersDark());
systemDarkAtom.onMount = (set) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia(DARK_QUERY);
  const update = () => set(query.matches);
  update();
  query.addEventListener('change', update);
  return () => query.removeEventListener('change', update);
};

/** The appearance actually shown: the mode, with 'system' resolved by the OS setting. */
export const appearanceAtom = atom<'light' | 'dark'>((get) => {
  const mode = get(themeModeAtom);
  if (mode === 'system') return get(systemDarkAtom) ? 'dark' : 'light';
  return mode;
});

const sidebarCookieStorage = {
  getItem: (key: string, initialValue: boolean): boolean => {
    const stored = readCookie(key);
    return stored === 'true' ? true : stored === 'false' ? false : initialValue;
  },
  setItem: (key: string, value: boolean): void => writeCookie(key, String(value), SIDEBAR_COOKIE_MAX_AGE_S),
  removeItem: (key: string): void => writeCookie(key, '', 0),
};

/** Desktop sidebar expanded (true) or collapsed to icons (false, the default). */
export const sidebarExpandedAtom = atomWithStorage<boolean>(SIDEBAR_COOKIE_NAME, false, sidebarCookieStorage, {
  getOnInit: true,
});

/** Mobile (below 768 px) off-canvas sheet open; not persisted. */
export const sidebarSheetOpenAtom = atom(false);
