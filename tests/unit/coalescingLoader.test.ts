import { describe, expect, it } from 'vitest';
import { coalescingLoader } from '../../server/db/coalescingLoader';

/** A loadMany whose calls are recorded and answered by hand. */
function manual() {
  const calls: { keys: string[]; answer(map: Map<string, number>): void; fail(error: Error): void }[] = [];
  const load = coalescingLoader<string, number>(
    (keys) =>
      new Promise((resolve, reject) => {
        calls.push({ keys, answer: resolve, fail: reject });
      }),
  );
  return { calls, load };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalescingLoader', () => {
  it('loads a key alone at once, then every key asked meanwhile in one call', async () => {
    const { calls, load } = manual();
    const first = load('a');
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    const waiting = [load('b'), load('c'), load('b')];
    expect(calls).toHaveLength(1);
    calls[0]?.answer(new Map([['a', 1]]));
    expect(await first).toBe(1);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]);
    calls[1]?.answer(new Map([['b', 2]]));
    expect(await Promise.all(waiting)).toEqual([2, undefined, 2]);
  });

  it('rejects only the group whose load failed, and goes on loading', async () => {
    const { calls, load } = manual();
    const failing = load('x');
    const later = load('y');
    calls[0]?.fail(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await tick();
    calls[1]?.answer(new Map([['y', 7]]));
    expect(await later).toBe(7);
  });

  it('asks again for a key asked after its load finished (no cache)', async () => {
    const { calls, load } = manual();
    const one = load('k');
    calls[0]?.answer(new Map([['k', 1]]));
    expect(await one).toBe(1);
    const two = load('k');
    expect(calls).toHaveLength(2);
    calls[1]?.answer(new Map([['k', 2]]));
    expect(await two).toBe(2);
  });
});
