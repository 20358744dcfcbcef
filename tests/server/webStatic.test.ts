import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { precompressDir } from '../../server/web/precompress';

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
