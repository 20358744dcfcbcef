/**
 * Vite plugin: Radix Themes' tooltip provider moves from `Theme` into each `Tooltip`, so
 * Radix Tooltip (with its popper, floating-ui and dismissable layer, ~16 KB gzip) ships only
 * with the screens that show a Radix tooltip (issue 5 "Weight of the pages").
 *
 * Radix Themes 3.3's `Theme` wraps the app in `Tooltip.Provider` (delay 200 ms). A bundler
 * places a module whole in one chunk, so the provider put all of `@radix-ui/react-tooltip`
 * (whose components the floor editor uses) into the entry chunk. This plugin rewrites two
 * files of the package: `theme.js` renders its children without the provider, and
 * `tooltip.js` (Radix Themes' `Tooltip`) wraps its root in its own provider with the same
 * 200 ms delay. The one difference: moving from one Radix tooltip to the next waits the
 * delay again (the skip-delay was shared by the app-wide provider). The app's own shell
 * tooltips are `src/layout/Tooltip.tsx`.
 *
 * It throws (failing the build) when a file no longer has the code it rewrites, so an
 * upgrade of Radix Themes cannot silently undo or break it.
 */
import type { Plugin } from 'vite';
import { applyPackageRewrites, packageRewritesPlugin } from './vite-package-rewrites';
import type { PackageRewrite } from './vite-package-rewrites';

/** Radix Themes' `Theme` sets this delay on its provider (ms). */
const DELAY_MS = 200;

export const REWRITES: readonly PackageRewrite[] = [
  {
    file: '@radix-ui/themes/dist/esm/components/theme.js',
    from: 'import{Direction as G,Slot as D,Tooltip as w}from"radix-ui";',
    to: 'import{Direction as G,Slot as D}from"radix-ui";const w={Provider:(p)=>p.children};',
  },
  {
    file: '@radix-ui/themes/dist/esm/components/tooltip.js',
    from: 'o.createElement(t.Root,{...C}',
    to: `o.createElement(t.Provider,{delayDuration:${DELAY_MS}},o.createElement(t.Root,{...C}`,
  },
  {
    // Closes the provider opened above: the component's return ends with `)))))})`.
    file: '@radix-ui/themes/dist/esm/components/tooltip.js',
    from: 'className:"rt-TooltipArrow"})))))});',
    to: 'className:"rt-TooltipArrow"}))))))});',
  },
];

/**
 * Applies the rewrites for module `id` to `code`.
 * @returns the new code, or null when `id` is not a rewritten file
 * @throws Error when a rewritten file does not hold the expected text exactly once
 */
export function rewriteRadixTooltip(code: string, id: string): string | null {
  return applyPackageRewrites(code, id, REWRITES, 'scripts/vite-radix-tooltip.ts');
}

/** The plugin (build and dev). */
export function radixTooltipPerUse(): Plugin {
  return packageRewritesPlugin('floorwatch:radix-tooltip-per-use', REWRITES, 'scripts/vite-radix-tooltip.ts');
}
