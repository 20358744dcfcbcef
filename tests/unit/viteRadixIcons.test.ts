import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { build } from 'vite';
import * as Icons from '@radix-ui/react-icons';
import { describe, expect, it } from 'vitest';
import { findIconImports, iconsImportedUnder, radixIconSprite, rewriteIconImports, spriteOf } from '../../scripts/vite-radix-icons';

const root = process.cwd();
const packageIcons = Object.keys(Icons).filter((name) => name.endsWith('Icon'));
type IconComponent = ComponentType<{ color?: string; width?: number; className?: string }>;
const original = (name: string) => (Icons as unknown as Record<string, IconComponent>)[name]!;

/** The `<symbol>` of `name` in a sprite, as markup. */
const symbolIn = (sprite: string, name: string) => new RegExp(`<symbol id="${name}" viewBox="0 0 15 15">([\\s\\S]*?)</symbol>`).exec(sprite)?.[1];

describe('radix icon sprite (scripts/vite-radix-icons.ts)', () => {
  it('draws every icon of the pinned package into a symbol with the package component’s own shapes', () => {
    expect(packageIcons.length).toBeGreaterThan(300);
    const sprite = spriteOf(packageIcons, root);
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    for (const name of packageIcons) {
      const inner = /^<svg [^>]*>([\s\S]*)<\/svg>$/.exec(renderToStaticMarkup(createElement(original(name), { color: 'currentColor' })))![1]!;
      expect(symbolIn(sprite, name), name).toBe(inner);
    }
    expect(() => spriteOf(['NoSuchIcon'], root)).toThrow(/there is no icon NoSuchIcon/);
  });

  it('rewrites named imports, aliases included, and leaves type imports alone', () => {
    const code = "import { BellIcon, GearIcon as Gear } from '@radix-ui/react-icons';\nimport type { IconProps } from '@radix-ui/react-icons';\n";
    expect(rewriteIconImports(code)).toBe(
      "import { BellIcon as BellIcon } from 'virtual:radix-icon/BellIcon'; import { GearIcon as Gear } from 'virtual:radix-icon/GearIcon';\nimport type { IconProps } from '@radix-ui/react-icons';\n",
    );
    expect(rewriteIconImports("import { x } from 'react';")).toBeNull();
    expect(findIconImports("import { type IconProps, BellIcon } from '@radix-ui/react-icons';")[0]!.names).toEqual([['BellIcon', 'BellIcon']]);
  });

  it('fails loudly on what it cannot split', () => {
    expect(() => rewriteIconImports("import * as I from '@radix-ui/react-icons';")).toThrow(/cannot be split per icon/);
    expect(() => rewriteIconImports("import Icons from '@radix-ui/react-icons';")).toThrow(/cannot be split per icon/);
    expect(() => rewriteIconImports("export { BellIcon } from '@radix-ui/react-icons';")).toThrow(/re-exporting/);
  });

  it('finds the icons the app imports', () => {
    const names = iconsImportedUnder(path.join(root, 'src'));
    expect(names.length).toBeGreaterThan(20);
    expect(names).toContain('HomeIcon');
    expect(names.every((n) => packageIcons.includes(n))).toBe(true);
  });

  it('builds icons that draw their symbol from the emitted sprite, which holds exactly the icons imported', { timeout: 60_000 }, async () => {
    // Inside the project (so the built module finds React) but not under node_modules (left alone by the plugin).
    const out = await mkdtemp(path.join(root, '.tmp-radix-icons-test-'));
    const src = path.join(out, 'src');
    await mkdir(src);
    const used = ['BellIcon', 'HomeIcon', 'GearIcon'];
    try {
      await writeFile(path.join(src, 'entry.ts'), `import { ${used.join(', ')} } from '@radix-ui/react-icons';\nexport { ${used.join(', ')} };\n`);
      await build({
        configFile: false,
        root,
        logLevel: 'silent',
        publicDir: false,
        plugins: [radixIconSprite(src)],
        build: {
          outDir: path.join(out, 'dist'),
          emptyOutDir: true,
          minify: false,
          lib: { entry: path.join(src, 'entry.ts'), formats: ['es'], fileName: 'icons' },
          rollupOptions: { external: ['react'] },
        },
      });
      const files = await readdir(path.join(out, 'dist'), { recursive: true });
      const spriteFile = files.find((f) => f.startsWith('icons') && f.endsWith('.svg'))!;
      const sprite = await readFile(path.join(out, 'dist', spriteFile), 'utf8');
      expect([...sprite.matchAll(/<symbol id="(\w+)"/g)].map((m) => m[1]).sort()).toEqual([...used].sort());
      const jsFile = files.find((f) => f.endsWith('.js'))!;
      const built = await readFile(path.join(out, 'dist', jsFile), 'utf8');
      expect(built).not.toContain('M7.07926'); // HomeIcon's path data stays in the sprite
      const module = (await import(pathToFileURL(path.join(out, 'dist', jsFile)).href)) as Record<string, IconComponent>;
      const home = renderToStaticMarkup(createElement(module.HomeIcon!, { width: 20, className: 'x' }));
      expect(home).toMatch(/^<svg width="20" height="15" viewBox="0 0 15 15" fill="none" xmlns="http:\/\/www.w3.org\/2000\/svg" class="x"><use href="[^"]*#HomeIcon"><\/use><\/svg>$/);
      expect(home).toContain(path.basename(spriteFile));
      // A color becomes the CSS color the symbols paint with (currentColor).
      expect(renderToStaticMarkup(createElement(module.BellIcon!, { color: 'var(--gray-9)' }))).toContain('style="color:var(--gray-9)"');
      expect((module.GearIcon as { displayName?: string }).displayName).toBe('GearIcon');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
