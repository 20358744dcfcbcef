/**
 * Exact-text rewrites of files inside installed packages, for the Vite plugins that adjust
 * a library the app cannot configure otherwise (scripts/vite-radix-tooltip.ts,
 * scripts/vite-radix-root-scheme.ts). Each rewrite names its file, the exact text it
 * expects there once, and the replacement: when a package upgrade changes that text, the
 * build fails with the owner's name instead of silently undoing or breaking the rewrite.
 */
import type { Plugin } from 'vite';

export interface PackageRewrite {
  /** The file's path inside node_modules (`@radix-ui/themes/styles.css`). */
  file: string;
  /** Exact text and its replacement. */
  from: string;
  to: string;
}

/**
 * Applies the rewrites for module `id` to `code`.
 * @param owner the script that owns the rewrites, named in the error
 * @returns the new code, or null when `id` is none of the rewritten files
 * @throws Error when a rewritten file does not hold the expected text exactly once
 */
export function applyPackageRewrites(code: string, id: string, rewrites: readonly PackageRewrite[], owner: string): string | null {
  const path = id.split('?')[0]!.replaceAll('\\', '/');
  const mine = rewrites.filter((r) => path.endsWith(`/node_modules/${r.file}`));
  if (mine.length === 0) return null;
  return mine.reduce((text, { file, from, to }) => {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) {
      throw new Error(`${file}: expected \`${from}\` once; the package changed, update ${owner}`);
    }
    return text.slice(0, at) + to + text.slice(at + from.length);
  }, code);
}

/**
 * A plugin applying `rewrites` (build and dev), before Vite's own transforms (so a
 * stylesheet is rewritten as written, before it is compiled).
 */
export function packageRewritesPlugin(name: string, rewrites: readonly PackageRewrite[], owner: string): Plugin {
  return {
    name,
    enforce: 'pre',
    transform(code, id) {
      const rewritten = applyPackageRewrites(code, id, rewrites, owner);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
