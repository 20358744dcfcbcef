import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { applyPackageRewrites } from '../../scripts/vite-package-rewrites';
import { ROOT_SCHEME_REWRITES } from '../../scripts/vite-radix-root-scheme';

const require = createRequire(import.meta.url);
const STYLES_ID = '/app/node_modules/@radix-ui/themes/styles.css';

describe('package rewrites (scripts/vite-package-rewrites.ts)', () => {
  const rewrites = [{ file: 'pkg/a.js', from: 'let x = 1;', to: 'let x = 2;' }];

  it('rewrites the named file only, whatever its query or path separators', () => {
    expect(applyPackageRewrites('let x = 1;', '/app/node_modules/pkg/a.js?v=3', rewrites, 'me')).toBe('let x = 2;');
    expect(applyPackageRewrites('let x = 1;', 'C:\\app\\node_modules\\pkg\\a.js', rewrites, 'me')).toBe('let x = 2;');
    expect(applyPackageRewrites('let x = 1;', '/app/node_modules/pkg/b.js', rewrites, 'me')).toBeNull();
  });

  it('fails, naming its owner, when the expected text is missing or not unique', () => {
    expect(() => applyPackageRewrites('let y = 1;', '/app/node_modules/pkg/a.js', rewrites, 'scripts/x.ts')).toThrow(/pkg\/a.js: expected `let x = 1;` once; the package changed, update scripts\/x.ts/);
    expect(() => applyPackageRewrites('let x = 1;let x = 1;', '/app/node_modules/pkg/a.js', rewrites, 'scripts/x.ts')).toThrow(/once/);
  });
});

describe('Radix Themes root color-scheme without :has() (scripts/vite-radix-root-scheme.ts)', () => {
  it('drops both :root:has() selectors of the installed stylesheet and keeps the .radix-themes rules', () => {
    const source = readFileSync(require.resolve('@radix-ui/themes/styles.css'), 'utf8');
    expect(source).toContain(':root:where(:has(.radix-themes[data-is-root-theme=');
    const rewritten = applyPackageRewrites(source, STYLES_ID, ROOT_SCHEME_REWRITES, 'scripts/vite-radix-root-scheme.ts')!;
    expect(rewritten).not.toContain(':root:where(:has(');
    expect(rewritten).toContain('.radix-themes:where(.light, .light-theme) {\n  color-scheme: light;\n}');
    expect(rewritten).toContain('.radix-themes:where(.dark, .dark-theme) {\n  color-scheme: dark;\n}');
    expect(rewritten.length).toBeLessThan(source.length);
  });
});
