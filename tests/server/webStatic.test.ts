import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { precompressDir } from '../../server/web/precompress';
import { parseRouteTable } from '../../server/web/routeGraph';
import type { Manifest } from '../../server/web/routeGraph';

/** A built app's shape: index.html, a hashed script and stylesheet, a tiny chunk and an image. */
async function writeWebDir(dir: string): Promise<{ script: string; html: string }> {
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const html = `<!doctype html><html lang="en"><head><title>Floorwatch</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div><!-- ${'padding '.repeat(150)}--></body></html>`;
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), html);
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), script);
  await writeFile(path.join(dir, 'assets', 'index-abc123.css'), `.a{color:red}\n`.repeat(200));
  await writeFile(path.join(dir, 'assets', 'tiny-def456.js'), 'export {};\n');
  await writeFile(path.join(dir, 'assets', 'plan-ghi789.png'), Buffer.alloc(4096, 7));
  return { script, html };
}

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files of 1 KiB or more, none of small files or images', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-web-'));
    try {
      await writeWebDir(dir);
      const summary = await precompressDir(dir);
      expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
        'index-abc123.css',
        'index-abc123.css.br',
        'index-abc123.css.gz',
        'index-abc123.js',
        'index-abc123.js.br',
        'index-abc123.js.gz',
        'plan-ghi789.png',
        'tiny-def456.js',
      ]);
      expect((await readdir(dir)).filter((f) => f.startsWith('index.html')).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
      expect(summary.files).toBe(3);
      expect(summary.brotliBytes).toBeLessThan(summary.bytes / 4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds)('built app served compressed (%s)', (kind) => {
  let t: TestApp;
  let webDir: string;
  let files: { script: string; html: string };

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-web-'));
    files = await writeWebDir(webDir);
    await precompressDir(webDir);
    t = await build(kind, { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a hashed asset as brotli when accepted, with its own type and a year of immutable cache', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files.script);
  });

  it('sends gzip to a browser without brotli, and the file itself to one accepting neither', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(files.script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files.script);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const tiny = await get('/assets/tiny-def456.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('revalidates index.html, compressed too, at / and on a client route', async () => {
    for (const url of ['/', '/dashboard']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(files.html);
    }
  });
});

describe.each(databaseKinds)('client routes served with their chunks preloaded (%s)', (kind) => {
  let t: TestApp;
  let webDir: string;
  let html: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-web-'));
    ({ html } = await writeWebDir(webDir));
    // A manifest with a lazy screen for every route of the real route table but /api-docs
    // (a build older than the table), a lazy signed-in shell, and a chunk the dashboard and
    // the shell share.
    const routes = parseRouteTable(await readFile(path.resolve('src/router/routes.ts'), 'utf8'));
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, css: ['assets/index-abc123.css'] },
      'src/layout/SignedInShell.tsx': { file: 'assets/SignedInShell-s1.js', imports: ['index.html', '_ui-u1.js'] },
      '_ui-u1.js': { file: 'assets/ui-u1.js' },
    };
    for (const route of routes.filter((r) => r.path !== '/api-docs')) {
      manifest[route.screen] = { file: `assets/${path.basename(route.screen, '.tsx')}-x1.js`, imports: ['index.html'] };
    }
    manifest['src/screens/DashboardScreen.tsx']!.imports!.push('_ui-u1.js', '_chart-c1.js');
    manifest['_chart-c1.js'] = { file: 'assets/chart-c1.js', css: ['assets/chart-c1.css'] };
    await mkdir(path.join(webDir, '.vite'));
    await writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    await writeFile(path.join(webDir, '.vite', 'routes.json'), JSON.stringify(routes));
    await precompressDir(webDir);
    t = await build(kind, { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const preloadsOf = (page: string) => [...page.matchAll(/<link rel="preload" as="(?:script|style)" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('preloads the signed-in shell and the dashboard screen with its static imports on /dashboard, compressed, revalidated, CSP kept', async () => {
    const response = await get('/dashboard', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const page = brotliDecompressSync(response.rawPayload).toString();
    expect(preloadsOf(page)).toEqual([
      '/assets/SignedInShell-s1.js',
      '/assets/ui-u1.js',
      '/assets/DashboardScreen-x1.js',
      '/assets/chart-c1.js',
      '/assets/chart-c1.css',
    ]);
    // The rest of the page is index.html as built.
    expect(page.replace(/<link rel="preload" as="(?:script|style)"[^>]*>/g, '')).toBe(html);
  });

  it('matches a route with a param and a query, sends gzip or the page itself as accepted', async () => {
    const gzipped = await get('/floors/5f0c6d1e-0000-4000-8000-000000000001?mode=view', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(preloadsOf(gunzipSync(gzipped.rawPayload).toString())).toEqual(['/assets/SignedInShell-s1.js', '/assets/ui-u1.js', '/assets/FloorScreen-x1.js']);
    const plain = await get('/buildings/b1/map');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(preloadsOf(plain.body)).toEqual(['/assets/SignedInShell-s1.js', '/assets/ui-u1.js', '/assets/BuildingMapScreen-x1.js']);
  });

  it('preloads no signed-in shell on the signed-out pages', async () => {
    expect(preloadsOf((await get('/login')).body)).toEqual(['/assets/LoginScreen-x1.js']);
    expect(preloadsOf((await get('/reset-password?token=abc')).body)).toEqual(['/assets/ResetPasswordScreen-x1.js']);
  });

  it('sends index.html as built at /, on unknown paths and on a route the build has no chunk for', async () => {
    for (const url of ['/', '/no-such-page', '/dashboard/extra', '/api-docs']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(html);
    }
  });

  it('answers 304 to a revalidation with the page’s ETag, and HEAD without a body', async () => {
    const first = await get('/dashboard', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await get('/dashboard', { 'accept-encoding': 'gzip' })).headers.etag).toBe(etag);
    expect((await get('/devices', { 'accept-encoding': 'br' })).headers.etag).not.toBe(etag);
    const again = await get('/dashboard', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get('/dashboard', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
  });

  it('does not serve the build manifest or route table themselves', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/routes.json']) {
      const response = await get(url);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(html);
    }
  });
});
