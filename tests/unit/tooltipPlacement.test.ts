import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TOOLTIP_ARROW, TOOLTIP_OFFSET, TOOLTIP_PADDING, placeTooltip } from '../../src/layout/tooltipPlacement';
import { REWRITES, rewriteRadixTooltip } from '../../scripts/vite-radix-tooltip';

const viewport = { width: 1000, height: 800 };
const size = { width: 120, height: 26 };
const gap = TOOLTIP_OFFSET + TOOLTIP_ARROW;

describe('placeTooltip (the shell tooltip, Radix Themes placement rules)', () => {
  it('centres the tooltip above the trigger, 4 px plus the arrow away', () => {
    const placed = placeTooltip({ left: 400, top: 300, width: 40, height: 30 }, size, 'top', viewport);
    expect(placed).toEqual({ side: 'top', left: 420 - 60, top: 300 - gap - 26, arrow: 60 });
  });

  it('puts a right-side tooltip beside the trigger, vertically centred', () => {
    const placed = placeTooltip({ left: 0, top: 100, width: 48, height: 32 }, size, 'right', viewport);
    expect(placed).toEqual({ side: 'right', left: 48 + gap, top: 116 - 13, arrow: 13 });
  });

  it('flips to the other side when the preferred one has no room', () => {
    const placed = placeTooltip({ left: 400, top: 5, width: 40, height: 30 }, size, 'top', viewport);
    expect(placed.side).toBe('bottom');
    expect(placed.top).toBe(35 + gap);
  });

  it('stays 10 px inside the viewport and keeps the arrow on the trigger', () => {
    const placed = placeTooltip({ left: 2, top: 300, width: 20, height: 20 }, size, 'top', viewport);
    expect(placed.left).toBe(TOOLTIP_PADDING);
    expect(placed.arrow).toBe(TOOLTIP_ARROW * 2);
  });
});

describe('radixTooltipPerUse (the build plugin)', () => {
  const require = createRequire(import.meta.url);
  const source = (file: string) => readFileSync(require.resolve(file), 'utf8');

  it('moves the provider from Theme into each Radix Themes Tooltip of the installed version', () => {
    const theme = rewriteRadixTooltip(source('@radix-ui/themes/dist/esm/components/theme.js'), '/x/node_modules/@radix-ui/themes/dist/esm/components/theme.js')!;
    expect(theme).not.toContain('Tooltip as w');
    expect(theme).toContain('const w={Provider:(p)=>p.children}');
    const tooltip = rewriteRadixTooltip(source('@radix-ui/themes/dist/esm/components/tooltip.js'), '/x/node_modules/@radix-ui/themes/dist/esm/components/tooltip.js')!;
    expect(tooltip).toContain('o.createElement(t.Provider,{delayDuration:200},o.createElement(t.Root,{...C}');
    // The provider opened around the root is closed again: parentheses still balance.
    const count = (text: string, char: string) => text.split(char).length - 1;
    expect(count(tooltip, '(')).toBe(count(tooltip, ')'));
  });

  it('leaves other modules alone and fails loudly when the package changed', () => {
    expect(rewriteRadixTooltip('const a = 1;', '/x/node_modules/@radix-ui/themes/dist/esm/components/button.js')).toBeNull();
    expect(() => rewriteRadixTooltip('changed', `/x/node_modules/${REWRITES[0]!.file}`)).toThrow(/the package changed, update scripts\/vite-radix-tooltip.ts/);
  });
});
