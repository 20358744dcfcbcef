/**
 * The six named colour themes and the three modes (SPEC.md section 3 "Theme", section 4,
 * section 5). Each palette maps onto a Radix Themes accent colour, whose light and dark
 * scales are the palette's light and dark colour sets.
 */
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export const THEME_NAMES = ['default', 'blue', 'green', 'purple', 'orange', 'rose'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** Radix Themes accent colours used by the palettes. */
export type PaletteAccent = 'indigo' | 'blue' | 'green' | 'purple' | 'orange' | 'ruby';

export interface Palette {
  name: ThemeName;
  label: string;
  accentColor: PaletteAccent;
  /** CSS colour of the palette's swatch (Radix step 9, follows light/dark). */
  swatch: string;
}

const palette = (name: ThemeName, label: string, accentColor: PaletteAccent): Palette => ({
  name,
  label,
  accentColor,
  swatch: `var(--${accentColor}-9)`,
});

export const PALETTES: Readonly<Record<ThemeName, Palette>> = {
  default: palette('default', 'Default', 'indigo'),
  blue: palette('blue', 'Blue', 'blue'),
  green: palette('green', 'Green', 'green'),
  purple: palette('purple', 'Purple', 'purple'),
  orange: palette('orange', 'Orange', 'orange'),
  rose: palette('rose', 'Rose', 'ruby'),
};

export const MODE_LABELS: Readonly<Record<ThemeMode, string>> = { light: 'Light', dark: 'Dark', system: 'System' };

/** SPEC.md section 5: a stored mode counts only if it is light, dark or system. */
export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** SPEC.md section 5: a stored theme name counts only if it is one of the six. */
export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/** SPEC.md section 4: the mode toggle cycles light -> dark -> system -> light. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return mode === 'light' ? 'dark' : mode === 'dark' ? 'system' : 'light';
}
