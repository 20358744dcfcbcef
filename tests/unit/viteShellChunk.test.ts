import { describe, expect, it } from 'vitest';
import { sharedByScreens, signedInScreens, signedOutScreens, staticReach } from '../../scripts/vite-shell-chunk';

/** A route table's text in the shape of src/router/routes.ts: [path, access, screen] per route. */
const routeTable = (routes: readonly [string, string, string][]) =>
  routes.map(([path, access, screen]) => `  { path: '${path}', access: '${access}', screen: lazyScreen(() => import('../screens/${screen}')) },`).join('\n');

describe('vite-shell-chunk', () => {
  it('reads the screens a signed-out visitor may open from the route table, with the not-found screen', () => {
    const table = routeTable([
      ['/login', 'guest', 'LoginScreen'],
      ['/reset', 'public', 'ResetPasswordScreen'],
      ['/dashboard', 'auth', 'DashboardScreen'],
    ]);
    expect(signedOutScreens(table)).toEqual(['LoginScreen.tsx', 'ResetPasswordScreen.tsx', 'NotFoundScreen.tsx']);
  });

  it('throws when the table has no signed-out route (its shape changed)', () => {
    expect(() => signedOutScreens("{ path: '/x', access: 'auth', screen: x }")).toThrow(/no guest or public route/);
  });

  it('follows static imports only, each module once, through cycles', () => {
    const graph: Record<string, string[]> = { a: ['b', 'c'], b: ['a', 'd'], c: [], d: [], lazy: ['e'], e: [] };
    const ctx = { getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id]! } : null) };
    expect([...staticReach(ctx, ['a'])].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(staticReach(ctx, ['missing']).size).toBe(0);
  });
});

describe('vite-shell-chunk: lazy imports', () => {
  it('follows dynamic imports only when asked', () => {
    const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
      screen: { importedIds: ['a'], dynamicallyImportedIds: ['notice'] },
      a: { importedIds: [], dynamicallyImportedIds: [] },
      notice: { importedIds: ['names'], dynamicallyImportedIds: [] },
      names: { importedIds: [], dynamicallyImportedIds: [] },
    };
    const ctx = { getModuleInfo: (id: string) => graph[id] ?? null };
    expect([...staticReach(ctx, ['screen'])].sort()).toEqual(['a', 'screen']);
    expect([...staticReach(ctx, ['screen'], true)].sort()).toEqual(['a', 'names', 'notice', 'screen']);
  });
});

describe('vite-shell-chunk: what most signed-in screens share', () => {
  it('reads the signed-in screens but the floor editor from the route table', () => {
    const table = routeTable([
      ['/login', 'guest', 'LoginScreen'],
      ['/dashboard', 'auth', 'DashboardScreen'],
      ['/floors/:floorId', 'auth', 'FloorScreen'],
      ['/devices', 'auth', 'DevicesScreen'],
    ]);
    expect(signedInScreens(table)).toEqual(['DashboardScreen.tsx', 'DevicesScreen.tsx']);
    expect(() => signedInScreens("{ path: '/x', access: 'guest', screen: x }")).toThrow(/no signed-in route/);
  });

  it('takes the modules at least the given share of the screens load statically', () => {
    const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
      s1: { importedIds: ['api', 'header'], dynamicallyImportedIds: ['dialog'] },
      s2: { importedIds: ['api', 'chart'], dynamicallyImportedIds: [] },
      s3: { importedIds: ['api', 'header'], dynamicallyImportedIds: [] },
      s4: { importedIds: ['form'], dynamicallyImportedIds: [] },
      api: { importedIds: ['client'], dynamicallyImportedIds: [] },
      header: { importedIds: [], dynamicallyImportedIds: [] },
      chart: { importedIds: [], dynamicallyImportedIds: [] },
      form: { importedIds: [], dynamicallyImportedIds: [] },
      client: { importedIds: [], dynamicallyImportedIds: [] },
      dialog: { importedIds: ['api'], dynamicallyImportedIds: [] },
    };
    const ctx = { getModuleInfo: (id: string) => graph[id] ?? null };
    const screens = ['s1', 's2', 's3', 's4'];
    expect([...sharedByScreens(ctx, screens, 0.5)].sort()).toEqual(['api', 'client', 'header']);
    expect([...sharedByScreens(ctx, screens, 0.75)].sort()).toEqual(['api', 'client']);
    expect([...sharedByScreens(ctx, screens, 1)]).toEqual([]);
  });
});
