import { describe, expect, it } from 'vitest';
import { parseRouteTable, routeFiles, staticClosure, totalSize } from '../../server/web/routeGraph';
import type { Manifest } from '../../server/web/routeGraph';
import { EDITOR_ROUTE, KB, formatTable, judge } from '../../bench/bundle/checks';
import { bytesBySource, packageOf } from '../../bench/bundle/attribution';
import { referenceEntry } from '../../bench/bundle/reference';

/** A manifest shaped like Vite's: an entry, two lazy screens sharing a chunk, and a lazy part of one screen. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/screens/A.tsx', 'src/screens/B.tsx'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'], css: ['assets/shared.css'] },
  'src/screens/A.tsx': { file: 'assets/A.js', imports: ['index.html', '_shared.js'] },
  'src/screens/B.tsx': { file: 'assets/B.js', imports: ['_shared.js', 'index.html'], dynamicImports: ['src/screens/map/Heavy.tsx', 'src/screens/A.tsx'] },
  'src/screens/map/Heavy.tsx': { file: 'assets/Heavy.js', imports: ['_leaflet.js', '_shared.js'], css: ['assets/Heavy.css'] },
  '_leaflet.js': { file: 'assets/leaflet.js' },
};

describe('bench:bundle route graph', () => {
  it('reads the route table, one route per lazy screen import', () => {
    const source = [
      "  { path: '/login', access: 'guest', screen: lazyScreen(() => import('../screens/LoginScreen')) },",
      "  { path: '/buildings/:buildingId/map', access: 'auth', screen: lazyScreen(() => import('../screens/BuildingMapScreen')) },",
    ].join('\n');
    expect(parseRouteTable(source)).toEqual([
      { path: '/login', access: 'guest', screen: 'src/screens/LoginScreen.tsx' },
      { path: '/buildings/:buildingId/map', access: 'auth', screen: 'src/screens/BuildingMapScreen.tsx' },
    ]);
    expect(parseRouteTable("{ path: '/x', screen: lazyScreen(() => import('../screens/X')) }")).toEqual([{ path: '/x', screen: 'src/screens/X.tsx' }]);
    expect(() => parseRouteTable('export const ROUTES = [];')).toThrow(/No route found/);
  });

  it('follows static imports once each, across cycles (a screen imports the entry back)', () => {
    expect([...staticClosure(manifest, 'src/screens/A.tsx')]).toEqual(['src/screens/A.tsx', 'index.html', '_react.js', '_shared.js']);
    expect(() => staticClosure(manifest, 'nope')).toThrow('The manifest has no chunk nope');
  });

  it('counts entry + static imports + the screen chunk + its static imports, and the screen’s dynamic imports apart', () => {
    expect(routeFiles(manifest, 'src/screens/A.tsx')).toEqual({
      js: ['assets/index.js', 'assets/react.js', 'assets/A.js', 'assets/shared.js'],
      css: ['assets/index.css', 'assets/shared.css'],
      lazyJs: [],
      lazyCss: [],
    });
    // B's lazy parts: Heavy with leaflet (shared is already loaded), and screen A (a link target).
    const b = routeFiles(manifest, 'src/screens/B.tsx');
    expect(b.js).toEqual(['assets/index.js', 'assets/react.js', 'assets/B.js', 'assets/shared.js']);
    expect(b.lazyJs.sort()).toEqual(['assets/A.js', 'assets/Heavy.js', 'assets/leaflet.js']);
    expect(b.lazyCss).toEqual(['assets/Heavy.css']);
  });

  it('counts a lazy part shown with the screen (the signed-in shell) with its static imports, its dynamic imports apart', () => {
    const withShell: Manifest = {
      ...manifest,
      'src/layout/SignedInShell.tsx': { file: 'assets/Shell.js', imports: ['index.html', '_shared.js'], dynamicImports: ['src/layout/Menus.tsx'] },
      'src/layout/Menus.tsx': { file: 'assets/Menus.js', imports: ['index.html'] },
    };
    const a = routeFiles(withShell, 'src/screens/A.tsx', ['src/layout/SignedInShell.tsx']);
    expect(a.js).toEqual(['assets/index.js', 'assets/react.js', 'assets/Shell.js', 'assets/shared.js', 'assets/A.js']);
    expect(a.lazyJs).toEqual(['assets/Menus.js']);
    expect(() => routeFiles(withShell, 'src/screens/A.tsx', ['src/layout/Nope.tsx'])).toThrow('The manifest has no chunk src/layout/Nope.tsx');
  });

  it('sums sizes and refuses a file it has no size for', () => {
    const sizes = new Map([['a.js', 100], ['b.js', 20]]);
    expect(totalSize(['a.js', 'b.js'], sizes)).toBe(120);
    expect(() => totalSize(['c.js'], sizes)).toThrow('No size for c.js');
  });
});

describe('bench:bundle budgets', () => {
  it('holds routes to 130 KB JS and 90 KB CSS, and the editor to 1.15× the reference', () => {
    const verdicts = judge(
      [
        { path: '/login', js: 130 * KB, css: 90 * KB, lazyJs: 0 },
        { path: '/map', js: 130 * KB + 1, css: 10 * KB, lazyJs: 50 * KB },
        { path: '/settings', js: 100 * KB, css: 90 * KB + 1, lazyJs: 0 },
        { path: EDITOR_ROUTE, js: 230 * KB, css: 200 * KB, lazyJs: 0 },
      ],
      200 * KB,
    );
    expect(verdicts.map((v) => [v.path, v.pass])).toEqual([
      ['/login', true],
      ['/map', false],
      ['/settings', false],
      [EDITOR_ROUTE, true],
    ]);
    expect(verdicts[3]!.jsBudget).toBe(230 * KB);
    expect(judge([{ path: EDITOR_ROUTE, js: 231 * KB, css: 0, lazyJs: 0 }], 200 * KB)[0]!.pass).toBe(false);
  });

  it('prints one aligned row per route with PASS or FAIL', () => {
    const table = formatTable(judge([{ path: '/login', js: 100 * KB, css: 80 * KB, lazyJs: 2 * KB }, { path: '/map', js: 200 * KB, css: 1 * KB, lazyJs: 0 }], 100 * KB));
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^route\s+JS gzip\s+JS budget\s+CSS gzip\s+CSS budget\s+lazy JS later\s+result$/);
    expect(lines[2]).toMatch(/^\/login\s+100\.0 KB\s+130\.0 KB\s+80\.0 KB\s+90\.0 KB\s+\+2\.0 KB\s+PASS$/);
    expect(lines[3]).toMatch(/^\/map\s+200\.0 KB\s+130\.0 KB\s+1\.0 KB\s+90\.0 KB\s+FAIL$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});

describe('bench:bundle reference and attribution', () => {
  it('imports each library whole, react-dom through its client, and Radix Themes with its stylesheet', () => {
    const entry = referenceEntry(['react', 'react-dom', '@radix-ui/themes']);
    expect(entry).toContain("import * as lib0 from 'react';");
    expect(entry).toContain("import * as lib2 from 'react-dom/client';");
    expect(entry).toContain("import '@radix-ui/themes/styles.css';");
    expect(entry).toContain('window.__reference = [lib0, lib1, lib2, lib3];');
  });

  it('names the package of a source path', () => {
    expect(packageOf('../../node_modules/@radix-ui/react-icons/dist/x.js')).toBe('@radix-ui/react-icons');
    expect(packageOf('../node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom');
    expect(packageOf('../../src/App.tsx')).toBeNull();
  });

  it('credits generated bytes to the source each mapped segment comes from', () => {
    // Line 1: columns 0-9 from source 0 (a library), 10-end from source 1 (the app).
    const code = 'aaaaaaaaaabbbbb';
    const map = { sources: ['../node_modules/lib/index.js', '../src/main.ts'], mappings: 'AAAA,UCAA' };
    expect(bytesBySource(code, map)).toEqual([
      ['lib', 10],
      ['(app) src/main.ts', 5],
    ]);
  });
});
