import { afterEach, describe, expect, it } from 'vitest';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { ConfigError, loadConfig } from '../../server/config';
import { readMapTiles } from '../../server/clientConfig/mapTiles';

describe('MAP_TILE_URL', () => {
  it('is off when unset', () => {
    expect(readMapTiles({}, [])).toBeUndefined();
  });

  it('accepts a tile template and derives the CSP source, with {s} subdomains as a wildcard', () => {
    const problems: string[] = [];
    expect(readMapTiles({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OpenStreetMap' }, problems)).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap',
      cspSource: 'https://tile.openstreetmap.org',
    });
    expect(readMapTiles({ MAP_TILE_URL: 'http://{s}.tiles.local:8081/{z}/{x}/{y}{r}.png' }, problems)?.cspSource).toBe('http://*.tiles.local:8081');
    expect(problems).toEqual([]);
  });

  it('refuses a template without {z}/{x}/{y} or not http(s), with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/fw-x', JWT_SECRET: 'x'.repeat(32), MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL must hold \{y\}/,
    );
    const problems: string[] = [];
    readMapTiles({ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' }, problems);
    readMapTiles({ MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' }, problems);
    expect(problems).toEqual([
      'MAP_TILE_URL must use http:// or https://, got "ftp://tiles.example.org/{z}/{x}/{y}.png"',
      'MAP_TILE_URL must be an absolute http(s) URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, got "tiles/{z}/{x}/{y}.png"',
    ]);
    expect(new ConfigError(problems).message).toContain('MAP_TILE_URL');
  });
});

describe.each(databaseKinds)('GET /v1/client-config (%s)', (kind) => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('answers without a token: no tile server by default, and a default CSP for images', async () => {
    test = await build(kind);
    const response = await test.app.inject({ method: 'GET', url: '/v1/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ map_tile_url: null, map_tile_attribution: '' });
    expect(response.headers['content-security-policy']).toContain("img-src 'self' blob: data: https:;");
  });

  it('hands the browser the configured tile server and lets the page load its tiles', async () => {
    test = await build(kind, { MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example' });
    const response = await test.app.inject({ method: 'GET', url: '/v1/client-config' });
    expect(response.json()).toEqual({ map_tile_url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', map_tile_attribution: '© Example' });
    expect(response.headers['content-security-policy']).toContain("img-src 'self' blob: data: https: https://*.tiles.example.org;");
  });
});
