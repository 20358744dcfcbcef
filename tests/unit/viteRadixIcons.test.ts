import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, forwardRef } from 'react';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { build } from 'vite';
import * as Icons from '@radix-ui/react-icons';
import { describe, expect, it } from 'vitest';
import {
  findIconImports,
  helperModule,
  iconModule,
  radixIconsPerModule,
  readIconsSource,
  rewriteIconImports,
} from '../../scripts/vite-radix-icons';

const root = process.cwd();
const source = readIconsSource(root);
const packageIcons = Object.keys(Icons).filter((name) => name.endsWith('Icon'));
const markup = (Icon: ComponentType<{ color?: string; width?: number }>) =>
  renderToStaticMarkup(createElement(Icon, { color: 'red', width: 20 }));

/** Runs a generated icon module with React's functions and the generated helper. */
function evaluateIcon(name: string): ComponentType {
  const helperCode = helperModule(source).replace(/^export .*$/m, '');
  const helper = new Function(`${helperCode}\nreturn _objectWithoutPropertiesLoose;`)() as unknown;
  const body = iconModule(source, name)
    .replace(/^import .*$/gm, '')
    .replace(/^export \{ (\w+) \};$/m, 'return $1;');
  return new Function('forwardRef', 'createElement', '_objectWithoutPropertiesLoose', body)(forwardRef, createElement, helper) as ComponentType;
}

/** Every icon name imported by the app's source files (src/). */
async function appIcons(): Promise<string[]> {
  const names = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const found of findIconImports(await readFile(file, 'utf8'), file)) for (const [name] of found.names) names.add(name);
      }
    }
  };
  await walk(path.join(root, 'src'));
  return [...names].sort();
}

describe('radix icons per module (scripts/vite-radix-icons.ts)', () => {
  it('cuts every icon of the pinned package into a module that renders like the original', () => {
    expect(packageIcons.length).toBeGreaterThan(300);
    for (const name of packageIcons) {
      const original = (Icons as unknown as Record<string, ComponentType>)[name]!;
      expect(markup(evaluateIcon(name)), name).toBe(markup(original));
    }
  });

  it('rewrites named imports, aliases included, and leaves type imports alone', () => {
    const code = "import { BellIcon, GearIcon as Gear } from '@radix-ui/react-icons';\nimport type { IconProps } from '@radix-ui/react-icons';\n";
    expect(rewriteIconImports(code)).toBe(
      "import { BellIcon as BellIcon } from 'virtual:radix-icon/BellIcon'; import { GearIcon as Gear } from 'virtual:radix-icon/GearIcon';\nimport type { IconProps } from '@radix-ui/react-icons';\n",
    );
    expect(rewriteIconImports("import { x } from 'react';")).toBeNull();
  });

  it('fails loudly on what it cannot split or find', () => {
    expect(() => rewriteIconImports("import * as I from '@radix-ui/react-icons';")).toThrow(/cannot be split per icon/);
    expect(() => rewriteIconImports("export { BellIcon } from '@radix-ui/react-icons';")).toThrow(/re-exporting/);
    expect(() => iconModule(source, 'NoSuchIcon')).toThrow(/icon NoSuchIcon not found/);
    expect(() => helperModule('var x = 1;')).toThrow(/_objectWithoutPropertiesLoose not found/);
    // A package whose icon uses something the module does not bring along.
    const changed = source.replace('return createElement("svg", Object.assign({', 'return createElement("svg", _extends({');
    expect(() => iconModule(changed, 'AccessibilityIcon')).toThrow(/refers to "_extends"/);
  });

  it('builds the icons the app imports into working modules with no other icon in them', { timeout: 60_000 }, async () => {
    const names = await appIcons();
    expect(names.length).toBeGreaterThan(20);
    // Inside the project (so the built module finds React) but not under node_modules (left alone by the plugin).
    const out = await mkdtemp(path.join(root, '.tmp-radix-icons-test-'));
    const entry = path.join(out, 'entry.js');
    try {
      await writeFile(entry, `import { ${names.join(', ')} } from '@radix-ui/react-icons';\nexport { ${names.join(', ')} };\n`);
      await build({
        configFile: false,
        root,
        logLevel: 'silent',
        plugins: [radixIconsPerModule()],
        build: {
          outDir: path.join(out, 'dist'),
          emptyOutDir: true,
          minify: false,
          lib: { entry, formats: ['es'], fileName: 'icons' },
          rollupOptions: { external: ['react'] },
        },
      });
      const file = (await readdir(path.join(out, 'dist'))).find((f) => f.endsWith('.js'))!;
      const built = await readFile(path.join(out, 'dist', file), 'utf8');
      expect(built).not.toContain('react-icons.esm');
      const unused = packageIcons.find((n) => !names.includes(n))!;
      expect(built).not.toContain(`var ${unused} =`);
      const module = (await import(pathToFileURL(path.join(out, 'dist', file)).href)) as Record<string, ComponentType>;
      for (const name of names) {
        expect(markup(module[name]!), name).toBe(markup((Icons as unknown as Record<string, ComponentType>)[name]!));
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
