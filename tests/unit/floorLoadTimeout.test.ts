import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorWithImage } from '../../src/api/floors';

vi.mock('../../src/api/client', () => ({ apiFetch: vi.fn() }));

const { loadFloorsOfBuildings, FLOOR_LOAD_TIMEOUT_MS, toFloor } = await import('../../src/api/floors');
const { withTimeoutFallback } = await import('../../src/lib/withTimeout');

const floorOf = (id: string, buildingId: string) => toFloor({ id, building_id: buildingId }) as FloorWithImage;

/** A loader whose building `slow` never answers until its signal aborts. */
function loader(signals: Map<string, AbortSignal>) {
  return (buildingId: string, signal: AbortSignal) => {
    signals.set(buildingId, signal);
    if (buildingId === 'slow') {
      return new Promise<FloorWithImage[]>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    }
    return Promise.resolve([floorOf(`${buildingId}-f1`, buildingId)]);
  };
}

describe('per-building floor load (SPEC 8/9: aborted after 10 s, skipped with an empty list)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 10 000 ms', () => {
    expect(FLOOR_LOAD_TIMEOUT_MS).toBe(10_000);
  });

  it('skips a building that takes longer than 10 s and aborts its request', async () => {
    const signals = new Map<string, AbortSignal>();
    let result: FloorWithImage[] | undefined;
    void loadFloorsOfBuildings(['a', 'slow', 'b'], loader(signals)).then((r) => (result = r));

    await vi.advanceTimersByTimeAsync(9_999);
    expect(result).toBeUndefined();
    expect(signals.get('slow')?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(result?.map((f) => f.id)).toEqual(['a-f1', 'b-f1']);
    expect(signals.get('slow')?.aborted).toBe(true);
    expect(signals.get('a')?.aborted).toBe(false);
  });

  it('keeps a building that answers just inside the limit', async () => {
    const late = (buildingId: string) =>
      new Promise<FloorWithImage[]>((resolve) => setTimeout(() => resolve([floorOf('late-f1', buildingId)]), 9_999));
    const promise = loadFloorsOfBuildings(['late'], late);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(promise).resolves.toMatchObject([{ id: 'late-f1' }]);
  });

  it('still fails on an error that is not the timeout', async () => {
    const failing = () => Promise.reject(new Error('500'));
    await expect(loadFloorsOfBuildings(['x'], failing)).rejects.toThrow('500');
  });

  it('rejects when the enclosing query is cancelled', async () => {
    const outer = new AbortController();
    const pending = withTimeoutFallback(() => new Promise<number>(() => {}), 10_000, 0, outer.signal);
    outer.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
  });
});
