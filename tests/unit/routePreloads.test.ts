import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../server/web/routePages';
import { routePreloads, withPreloads } from '../../server/web/routePreloads';
import type { Manifest, RouteScreen } from '../../server/web/routeGraph';

/**
 * A manifest shaped like Vite's: the entry with the core libraries, a lazy signed-in shell,
 * a guest screen and two signed-in screens sharing a chunk with the shell, one with a lazy
 * part and its own stylesheet.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_core.js'],
    dynamicImports: ['src/layout/SignedInShell.tsx', 'src/screens/LoginScreen.tsx', 'src/screens/DashboardScreen.tsx', 'src/screens/FloorScreen.tsx'],
    css: ['assets/index.css'],
  },
  '_core.js': { file: 'assets/core.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['_core.js'] },
  'src/layout/SignedInShell.tsx': { file: 'assets/SignedInShell.js', imports: ['_core.js', '_ui.js'], dynamicImports: ['src/layout/Menus.tsx'] },
  'src/layout/Menus.tsx': { file: 'assets/Menus.js', imports: ['_core.js'] },
  'src/screens/LoginScreen.tsx': { file: 'assets/LoginScreen.js', imports: ['index.html', '_core.js'] },
  'src/screens/DashboardScreen.tsx': { file: 'assets/DashboardScreen.js', imports: ['_core.js', '_ui.js', '_chart.js'] },
  '_chart.js': { file: 'assets/chart.js', css: ['assets/chart.css'] },
  'src/screens/FloorScreen.tsx': {
    file: 'assets/FloorScreen.js',
    imports: ['index.html', '_ui.js'],
    dynamicImports: ['src/scene/PdfReader.tsx'],
    css: ['assets/FloorScreen.css', 'assets/index.css'],
  },
  'src/scene/PdfReader.tsx': { file: 'assets/PdfReader.js' },
};

const routes: RouteScreen[] = [
  { path: '/login', access: 'guest', screen: 'src/screens/LoginScreen.tsx' },
  { path: '/dashboard', access: 'auth', screen: 'src/screens/DashboardScreen.tsx' },
  { path: '/floors/:floorId', access: 'auth', screen: 'src/screens/FloorScreen.tsx' },
  { path: '/settings', access: 'auth', screen: 'src/screens/SettingsScreen.tsx' },
];

describe('route preloads', () => {
  it('preloads each route’s screen with its static imports, beyond what the entry loads, and its own stylesheets', () => {
    const plan = routePreloads(manifest, routes);
    expect(plan.routes).toEqual([
      { path: '/login', js: ['assets/LoginScreen.js'], css: [] },
      { path: '/dashboard', js: ['assets/SignedInShell.js', 'assets/ui.js', 'assets/DashboardScreen.js', 'assets/chart.js'], css: ['assets/chart.css'] },
      { path: '/floors/:floorId', js: ['assets/SignedInShell.js', 'assets/ui.js', 'assets/FloorScreen.js'], css: ['assets/FloorScreen.css'] },
    ]);
  });

  it('preloads the signed-in shell on auth routes only, and never a lazy part (dynamic import) of a screen or the shell', () => {
    const plan = routePreloads(manifest, routes);
    const all = plan.routes.flatMap((r) => r.js);
    expect(all).not.toContain('assets/Menus.js');
    expect(all).not.toContain('assets/PdfReader.js');
    expect(plan.routes.find((r) => r.path === '/login')!.js).not.toContain('assets/SignedInShell.js');
  });

  it('leaves out the shell when the build put it in a chunk the entry imports (no manifest key of its own)', () => {
    const { 'src/layout/SignedInShell.tsx': _shell, ...withoutShell } = manifest;
    const dashboard = routePreloads(withoutShell, routes).routes.find((r) => r.path === '/dashboard')!;
    expect(dashboard.js).toEqual(['assets/DashboardScreen.js', 'assets/ui.js', 'assets/chart.js']);
  });

  it('names the routes whose screen the build lacks instead of failing', () => {
    expect(routePreloads(manifest, routes).missing).toEqual([{ path: '/settings', access: 'auth', screen: 'src/screens/SettingsScreen.tsx' }]);
    expect(() => routePreloads({ 'a.js': { file: 'a.js' } }, routes)).toThrow('The manifest has no entry chunk');
  });
});

describe('index.html with preloads', () => {
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>Floorwatch</title>',
    '    <script type="module" crossorigin src="/assets/index.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/core.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');

  it('adds script preloads, then style preloads, after Vite’s own links at the end of the head', () => {
    const out = withPreloads(html, { js: ['assets/DashboardScreen.js', 'assets/chart.js'], css: ['assets/chart.css'] });
    expect(out).toBe(
      html.replace(
        '  </head>',
        [
          '    <link rel="preload" as="script" crossorigin href="/assets/DashboardScreen.js">',
          '    <link rel="preload" as="script" crossorigin href="/assets/chart.js">',
          '    <link rel="preload" as="style" crossorigin href="/assets/chart.css">',
          '  </head>',
        ].join('\n'),
      ),
    );
  });

  it('skips a file the page links already, keeps the page as it is with nothing to add, and honours the base path', () => {
    expect(withPreloads(html, { js: ['assets/core.js'], css: ['assets/index.css'] })).toBe(html);
    expect(withPreloads(html, { js: [], css: [] })).toBe(html);
    expect(withPreloads('<head></head>', { js: ['assets/a.js'], css: [] }, '/app/')).toBe('<head><link rel="preload" as="script" crossorigin href="/app/assets/a.js"></head>');
  });

  it('escapes the href and refuses a page without a head', () => {
    expect(withPreloads('<head></head>', { js: ['assets/a"b&c.js'], css: [] })).toContain('href="/assets/a&quot;b&amp;c.js"');
    expect(() => withPreloads('<html></html>', { js: ['assets/a.js'], css: [] })).toThrow('index.html has no </head>');
  });
});

describe('content coding of a route page', () => {
  it('prefers brotli, then gzip, by weight; none when neither is acceptable', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, identity')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('GZIP ; Q=1')).toBe('gzip');
  });
});
