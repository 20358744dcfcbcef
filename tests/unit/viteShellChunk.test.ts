import { describe, expect, it } from 'vitest';
import { signedOutScreens, staticReach } from '../../scripts/vite-shell-chunk';

describe('vite-shell-chunk', () => {
  it('reads the screens a signed-out visitor may open from the route table, with the not-found screen', () => {
    const table = [
      "  { path: '/login', access: 'guest', screen: lazyScreen(() => import('../screens/LoginScreen')) },",
      "  { path: '/reset', access: 'public', screen: lazyScreen(() => import('../screens/ResetPasswordScreen')) },",
      "  { path: '/dashboard', access: 'auth', screen: lazyScreen(() => import('../screens/DashboardScreen')) },",
    ].join('\n');
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
