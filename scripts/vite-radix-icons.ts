/**
 * Vite plugin: one module per Radix icon, so an icon ships in the chunk of the screens
 * that use it (issue 5 "Weight of the pages").
 *
 * `@radix-ui/react-icons` 1.3.2 ships its ES build as ONE module (dist/react-icons.esm.js),
 * and a bundler places a module whole in one chunk: every icon used anywhere landed in the
 * entry chunk, because the shell uses a few. This plugin rewrites
 * `import { XIcon, Y as Z } from '@radix-ui/react-icons'` in app code into imports of
 * virtual modules `virtual:radix-icon/XIcon`, whose code is that icon's own definition cut
 * from the package's ES file (`var XIcon = /*#__PURE__*\/forwardRef(…)` and its `_excluded`
 * array), sharing one helper module for `_objectWithoutPropertiesLoose`.
 *
 * It throws (failing the build) when the package's layout is not the one it knows: an icon
 * or the helper not found, an icon body referring to anything but React, its props helper
 * and its `_excluded` array, or an import form it cannot split (`import *`, a default import,
 * `export … from`). Type-only imports are left alone (they are gone once TypeScript is
 * stripped; the plugin runs after Vite's own transform).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

export const ICONS_PACKAGE = '@radix-ui/react-icons';
const VIRTUAL_PREFIX = 'virtual:radix-icon/';
const HELPER_ID = `${VIRTUAL_PREFIX}_helper`;
const HELPER_NAME = '_objectWithoutPropertiesLoose';

/** The package's single ES module as text. @throws Error when it cannot be found. */
export function readIconsSource(fromDir: string = process.cwd()): string {
  const require = createRequire(`${fromDir}/`);
  const pkgJson = require.resolve(`${ICONS_PACKAGE}/package.json`);
  const pkg = JSON.parse(readFileSync(pkgJson, 'utf8')) as { module?: string; version?: string };
  if (!pkg.module) throw new Error(`${ICONS_PACKAGE}: package.json has no "module" field; the icon splitter needs its ES build`);
  return readFileSync(pkgJson.replace(/package\.json$/, pkg.module), 'utf8');
}

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
 * Finds the icon imports in JavaScript (TypeScript already stripped).
 * @throws Error on an import form that cannot be split per icon
 */
export function findIconImports(code: string, id = '(code)'): IconImport[] {
  if (EXPORT_FROM_PATTERN.test(code)) throw new Error(`${id}: re-exporting from ${ICONS_PACKAGE} is not supported by the icon splitter; import the icons by name`);
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
 * The helper module's code: the package's `_objectWithoutPropertiesLoose`, exported.
 * @throws Error when the package no longer defines it at the top level
 */
export function helperModule(source: string): string {
  const match = new RegExp(`^function ${HELPER_NAME}\\(source, excluded\\) \\{\\n[\\s\\S]*?\\n\\}\\n`, 'm').exec(source);
  if (!match) throw new Error(`${ICONS_PACKAGE}: ${HELPER_NAME} not found in its ES build; the icon splitter must be updated for this version`);
  return `${match[0]}export { ${HELPER_NAME} };\n`;
}

/**
 * The code of one icon's module: its `_excluded` array and its forwardRef definition,
 * exported under its name.
 * @throws Error when the icon is not in the package, or its definition is not of the known shape
 */
export function iconModule(source: string, name: string): string {
  if (!/^\w+$/.test(name)) throw new Error(`Not an icon name: ${name}`);
  const start = source.indexOf(`\nvar ${name} = /*#__PURE__*/forwardRef(function (_ref, forwardedRef) {\n`);
  if (start < 0) throw new Error(`${ICONS_PACKAGE}: icon ${name} not found in its ES build (misspelt, or the package layout changed)`);
  const end = source.indexOf('\n});\n', start);
  if (end < 0) throw new Error(`${ICONS_PACKAGE}: the definition of ${name} has no end`);
  const body = source.slice(start + 1, end + '\n});\n'.length);
  const excluded = /_objectWithoutPropertiesLoose\(_ref, (_excluded[\w$]*)\)/.exec(body)?.[1];
  if (!excluded) throw new Error(`${ICONS_PACKAGE}: ${name} does not take its props through ${HELPER_NAME}`);
  const declaration = new RegExp(`^var ${excluded.replace(/[$]/g, '\\$&')} = \\["color"\\];$`, 'm').exec(source);
  if (!declaration) throw new Error(`${ICONS_PACKAGE}: ${excluded} (used by ${name}) not found`);
  // Anything else the body names would be undefined in its own module: only these may appear
  // (strings, comments, object keys and property accesses removed first).
  const allowed = new Set(['var', 'function', 'return', 'void', 'forwardRef', 'createElement', 'Object', HELPER_NAME, excluded, name, '_ref', 'forwardedRef', 'color', 'props', '_ref$color']);
  const names = body
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/[\w$]+\s*:/g, '')
    .replace(/\.[\w$]+/g, '')
    .match(/[A-Za-z_$][\w$]*/g);
  for (const word of names ?? []) {
    if (!allowed.has(word)) throw new Error(`${ICONS_PACKAGE}: ${name} refers to "${word}", which the icon splitter does not provide`);
  }
  return [
    "import { forwardRef, createElement } from 'react';",
    `import { ${HELPER_NAME} } from '${HELPER_ID}';`,
    declaration[0],
    body.trimEnd(),
    `export { ${name} };`,
    '',
  ].join('\n');
}

/** The plugin; add it to `plugins` in vite.config.ts. */
export function radixIconsPerModule(): Plugin {
  let source: string | null = null;
  const iconsSource = () => (source ??= readIconsSource());
  return {
    name: 'floorwatch:radix-icons-per-module',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const name = id.slice(`\0${VIRTUAL_PREFIX}`.length);
      return name === '_helper' ? helperModule(iconsSource()) : iconModule(iconsSource(), name);
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith('\0') || !code.includes(ICONS_PACKAGE)) return null;
      const rewritten = rewriteIconImports(code, id);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
