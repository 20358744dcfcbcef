import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { routeTableFile } from '../../scripts/vite-route-table';
import { ROUTES_FILE, parseRouteTable } from '../../server/web/routeGraph';

/** Runs the plugin's generateBundle hook, returning what it emitted. */
function emitted(plugin: Plugin): { fileName: string; source: string }[] {
  const files: { fileName: string; source: string }[] = [];
  const hook = plugin.generateBundle as unknown as (this: { emitFile: (file: { fileName: string; source: string }) => string }) => void;
  hook.call({ emitFile: (file) => (files.push(file), file.fileName) });
  return files;
}

describe('route table file (scripts/vite-route-table.ts)', () => {
  it('writes the route table of src/router/routes.ts into the build as .vite/routes.json', async () => {
    const [file, ...rest] = emitted(routeTableFile(process.cwd()));
    expect(rest).toEqual([]);
    expect(file!.fileName).toBe(ROUTES_FILE);
    const routes = JSON.parse(file!.source) as unknown;
    expect(routes).toEqual(parseRouteTable(await readFile(path.resolve('src/router/routes.ts'), 'utf8')));
    expect(routes).toContainEqual({ path: '/floors/:floorId', access: 'auth', screen: 'src/screens/FloorScreen.tsx' });
  });

  it('fails the build when there is no route table', () => {
    expect(() => emitted(routeTableFile('/nonexistent'))).toThrow(/ENOENT/);
  });
});
