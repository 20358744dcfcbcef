/**
 * Vite plugin: drops the two `:root:where(:has(…))` selectors from Radix Themes' stylesheet
 * (issue 5 "Weight of the pages", the floor's Lighthouse score).
 *
 * Radix Themes 3 sets the document's `color-scheme` with
 * `:root:where(:has(.radix-themes[data-is-root-theme='true']:where(.light, .light-theme)))`
 * (and its dark twin). A `:has()` whose subject is the root makes the browser re-check the
 * root on every insertion anywhere in the document: traces of the 5 000-marker floor show
 * every DOM insertion "affected by :has()" and forced style recalculations of 0.5 s. Measured
 * in Chromium 156 (300 rows inserted with a forced layout after each, 20 times, Radix Themes'
 * stylesheet and a root theme): 13.2–13.4 s with the selectors, 8.3–9.2 s without.
 *
 * The app sets the document's `color-scheme` itself (src/theme/AppTheme.tsx), so the
 * selectors' one effect is kept; the `.radix-themes` halves of the same rules stay.
 */
import type { Plugin } from 'vite';
import { packageRewritesPlugin } from './vite-package-rewrites';
import type { PackageRewrite } from './vite-package-rewrites';

const OWNER = 'scripts/vite-radix-root-scheme.ts';

export const ROOT_SCHEME_REWRITES: readonly PackageRewrite[] = (['light', 'dark'] as const).map((scheme) => ({
  file: '@radix-ui/themes/styles.css',
  from: `.radix-themes:where(.${scheme}, .${scheme}-theme),\n  :root:where(:has(.radix-themes[data-is-root-theme='true']:where(.${scheme}, .${scheme}-theme))) {`,
  to: `.radix-themes:where(.${scheme}, .${scheme}-theme) {`,
}));

/** The plugin (build and dev). */
export function radixRootSchemeWithoutHas(): Plugin {
  return packageRewritesPlugin('floorwatch:radix-root-scheme-without-has', ROOT_SCHEME_REWRITES, OWNER);
}
