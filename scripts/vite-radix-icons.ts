/**
 * Vite plugin: the Radix icons the app uses as ONE SVG sprite, an asset of the build, and
 * each icon as a few bytes of JavaScript that draws `<svg><use href="sprite#Name"/></svg>`
 * (issue 5 "Weight of the pages").
 *
 * An icon of `@radix-ui/react-icons` is a component carrying its path data: 0.3 to 1.5 KB
 * of coordinates that gzip poorly. The signed-in shell alone draws 13 of them (15.7 KB of
 * path data), and every page paid 8 to 9.5 KB of gzip JavaScript for icons. Drawn from a
 * sprite, as tldraw draws its icons from SVG files, that data is fetched once as an image
 * the browser caches and never parses as script.
 *
 * How: the plugin rewrites `import { XIcon, Y as Z } from '@radix-ui/react-icons'` in app
 * code into imports of virtual modules `virtual:radix-icon/XIcon`, each
 * `export const XIcon = spriteIcon('XIcon')` over one shared helper module. At build start
 * it reads every import of the package in `src/`, renders those icons with the package's own
 * components (react-dom/server) into `<symbol>`s, and emits the sprite as `icons.svg`
 * (hashed under assets/); the helper refers to it by Rollup's `import.meta.ROLLUP_FILE_URL_`.
 * The dev server serves the sprite at {@link DEV_SPRITE_URL}, made afresh on each request.
 *
 * The components take the props of the package's (`color`, `width`, `height`, SVG
 * attributes, a ref). The symbols paint with `currentColor`, so a `color` prop becomes the
 * svg's CSS `color`. The build fails when an icon is imported in a form it cannot split
 * (`import *`, a default import, `export … from`) or is not in the package. Type-only
 * imports are left alone. Tests (vitest) import the package itself.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as React from 'react';
import type * as ReactDOMServer from 'react-dom/server';
import type { Plugin } from 'vite';

export const ICONS_PACKAGE = '@radix-ui/react-icons';
const VIRTUAL_PREFIX = 'virtual:radix-icon/';
const HELPER_ID = `${VIRTUAL_PREFIX}_sprite`;
/** Where the dev server serves the sprite. */
export const DEV_SPRITE_URL = '/@floorwatch/radix-icons.svg';

/** The named imports of `@radix-ui/react-icons` in one import clause. */
interface IconImport {
  /** The whole statement as written. */
  statement: string;
  /** [exported icon name, local name] pairs. */
  names: [string, string][];
}

const IMPORT_PATTERN = /import\s*([^'";]*?)\s*from\s*['"]@radix-ui\/react-icons['"]\s*;?/g;
const EXPORT_FROM_PATTERN = /export\s*[^'";]*?\s*from\s*['"]@radix-ui\/react-icons['"]/;

/**
 * Finds the icon imports in JavaScript or TypeScript source.
 * @throws Error on an import form that cannot be split per icon
 */
export function findIconImports(code: string, id = '(code)'): IconImport[] {
  if (EXPORT_FROM_PATTERN.test(code)) throw new Error(`${id}: re-exporting from ${ICONS_PACKAGE} is not supported by the icon sprite; import the icons by name`);
  const found: IconImport[] = [];
  for (const match of code.matchAll(IMPORT_PATTERN)) {
    const clause = match[1]!.trim();
    if (/^type\b/.test(clause)) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause);
    if (!braces) throw new Error(`${id}: \`import ${clause} from '${ICONS_PACKAGE}'\` cannot be split per icon; import the icons by name`);
    const names: [string, string][] = [];
    for (const part of braces[1]!.split(',').map((p) => p.trim()).filter(Boolean)) {
      if (/^type\s/.test(part)) continue;
      const spec = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(part);
      if (!spec) throw new Error(`${id}: cannot read the import specifier "${part}" from ${ICONS_PACKAGE}`);
      names.push([spec[1]!, spec[2] ?? spec[1]!]);
    }
    found.push({ statement: match[0], names });
  }
  return found;
}

/** `code` with each icon import replaced by imports of per-icon virtual modules (null when it has none). */
export function rewriteIconImports(code: string, id = '(code)'): string | null {
  const imports = findIconImports(code, id);
  if (imports.length === 0) return null;
  let out = code;
  for (const { statement, names } of imports) {
    const replacement = names.map(([name, local]) => `import { ${name} as ${local} } from '${VIRTUAL_PREFIX}${name}';`).join(' ');
    out = out.replace(statement, replacement);
  }
  return out;
}

/**
 * Every icon imported by the `.ts`/`.tsx` files under `dir`, sorted.
 * @throws Error as {@link findIconImports}
 */
export function iconsImportedUnder(dir: string): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const found of findIconImports(readFileSync(file, 'utf8'), file)) for (const [name] of found.names) names.add(name);
  }
  return [...names].sort();
}

/** The package's components and react-dom/server, loaded from the project at `fromDir`. */
function packageRenderer(fromDir: string) {
  const require = createRequire(`${fromDir}/`);
  const icons = require(ICONS_PACKAGE) as Record<string, React.ComponentType<{ color?: string }> | undefined>;
  const { createElement } = require('react') as typeof React;
  const { renderToStaticMarkup } = require('react-dom/server') as typeof ReactDOMServer;
  return (name: string) => {
    const Icon = /^\w+Icon$/.test(name) ? icons[name] : undefined;
    if (!Icon) throw new Error(`${ICONS_PACKAGE}: there is no icon ${name} (misspelt, or not in this version of the package)`);
    return renderToStaticMarkup(createElement(Icon, { color: 'currentColor' }));
  };
}

/**
 * The sprite: one `<symbol id="{name}">` per icon, drawn by the package's own component.
 * @param names icon names, e.g. `['HomeIcon']`
 * @param fromDir the folder the package and React are resolved from
 * @returns the SVG document's text
 * @throws Error when an icon is not in the package or renders other than one 15 × 15 svg
 */
export function spriteOf(names: readonly string[], fromDir: string = process.cwd()): string {
  const render = packageRenderer(fromDir);
  const symbols = names.map((name) => {
    const markup = render(name);
    const svg = /^<svg ([^>]*)>([\s\S]*)<\/svg>$/.exec(markup);
    if (!svg || !svg[1]!.includes('viewBox="0 0 15 15"')) throw new Error(`${ICONS_PACKAGE}: ${name} does not render as one 15 × 15 svg; the icon sprite must be updated`);
    return `<symbol id="${name}" viewBox="0 0 15 15">${svg[2]!}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/**
 * The shared helper module: `spriteIcon(name)`, a forwardRef component drawing that symbol
 * of the sprite at `spriteUrl` (a JavaScript expression), with the package's defaults
 * (15 × 15, `fill="none"`; `color` as the CSS color the symbols paint with).
 */
export function helperModule(spriteUrl: string): string {
  return `import { forwardRef, createElement } from 'react';
const SPRITE = ${spriteUrl};
export function spriteIcon(name) {
  const Icon = forwardRef(function (props, ref) {
    const { color, style, ...rest } = props;
    return createElement('svg', Object.assign({ width: '15', height: '15', viewBox: '0 0 15 15', fill: 'none', xmlns: 'http://www.w3.org/2000/svg' }, rest, {
      ref,
      style: color === undefined || color === 'currentColor' ? style : Object.assign({}, style, { color }),
    }), createElement('use', { href: SPRITE + '#' + name }));
  });
  Icon.displayName = name;
  return Icon;
}
`;
}

/** One icon's module: its component over the helper. */
export function iconModule(name: string): string {
  if (!/^\w+$/.test(name)) throw new Error(`Not an icon name: ${name}`);
  return `import { spriteIcon } from '${HELPER_ID}';\nexport const ${name} = /*#__PURE__*/ spriteIcon(${JSON.stringify(name)});\n`;
}

/**
 * The plugin; add it to `plugins` in vite.config.ts.
 * @param srcDir the folder whose files import icons (the app's `src/`)
 */
export function radixIconSprite(srcDir: string = path.join(process.cwd(), 'src')): Plugin {
  const projectDir = path.dirname(srcDir);
  let serving = false;
  let spriteRef: string | null = null;
  let inSprite = new Set<string>();
  return {
    name: 'floorwatch:radix-icon-sprite',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    buildStart() {
      if (serving) return;
      const names = iconsImportedUnder(srcDir);
      inSprite = new Set(names);
      spriteRef = this.emitFile({ type: 'asset', name: 'icons.svg', source: spriteOf(names, projectDir) });
    },
    configureServer(server) {
      server.middlewares.use(DEV_SPRITE_URL, (_req, res) => {
        res.setHeader('content-type', 'image/svg+xml');
        res.end(spriteOf(iconsImportedUnder(srcDir), projectDir));
      });
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      if (id === `\0${HELPER_ID}`) {
        return helperModule(serving ? JSON.stringify(DEV_SPRITE_URL) : `import.meta.ROLLUP_FILE_URL_${spriteRef!}`);
      }
      const name = id.slice(`\0${VIRTUAL_PREFIX}`.length);
      // Only files under srcDir were read into the sprite.
      if (!serving && !inSprite.has(name)) throw new Error(`${name} is imported from outside ${srcDir}, so it is not in the icon sprite`);
      return iconModule(name);
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith('\0') || !code.includes(ICONS_PACKAGE)) return null;
      const rewritten = rewriteIconImports(code, id);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
