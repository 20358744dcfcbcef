import 'fake-indexeddb/auto';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SnapshotCache } from '../../src/lib/snapshotCache/SnapshotCache';
import { SnapshotCacheContext } from '../../src/lib/snapshotCache/context';
import { MEMORY_MAX_AGE_MS } from '../../src/lib/snapshotCache/policy';
import { createIndexedDbSnapshotStore } from '../../src/lib/snapshotCache/store';
import { useSnapshot } from '../../src/lib/snapshotCache/useSnapshot';
import { logger } from '../../src/lib/logger';

let n = 0;
function setup(fetchImage = vi.fn(async () => new Blob(['img'], { type: 'image/jpeg' }))) {
  let urls = 0;
  const cache = new SnapshotCache({
    store: createIndexedDbSnapshotStore(`use-snapshot-${++n}`),
    fetchImage,
    createObjectUrl: () => `blob:hook/${++urls}`,
    revokeObjectUrl: () => {},
  });
  const wrapper = ({ children }: { children: ReactNode }) => <SnapshotCacheContext value={cache}>{children}</SnapshotCacheContext>;
  return { cache, fetchImage, wrapper };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useSnapshot', () => {
  it('goes from loading to the image address of an event snapshot', async () => {
    const { wrapper, fetchImage } = setup();
    const { result } = renderHook(() => useSnapshot({ deviceId: 'cam-1', deviceType: 'CAMERA' }, 1763722805), { wrapper });
    expect(result.current).toMatchObject({ imageUrl: null, isLoading: true, error: null, supported: true });
    await waitFor(() => expect(result.current.imageUrl).toBe('blob:hook/1'));
    expect(result.current.isLoading).toBe(false);
    expect(fetchImage).toHaveBeenCalledWith('cam-1', 1763722805);
  });

  it('asks nothing for other device types or an unknown device', () => {
    const { wrapper, fetchImage } = setup();
    const other = renderHook(() => useSnapshot({ deviceId: 'door-1', deviceType: 'ACCESS_CONTROL' }), { wrapper });
    const unknown = renderHook(() => useSnapshot(null, 5), { wrapper });
    expect(other.result.current).toMatchObject({ imageUrl: null, isLoading: false, error: null, supported: false });
    expect(unknown.result.current.supported).toBe(false);
    expect(fetchImage).not.toHaveBeenCalled();
  });

  it('shows the failure message, then asks again after the entry is purged', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(5_000_000_000);
    const fetchImage = vi.fn().mockRejectedValueOnce(new TypeError('fetch failed')).mockResolvedValue(new Blob(['ok']));
    const { wrapper, cache } = setup(fetchImage);
    const { result } = renderHook(() => useSnapshot({ deviceId: 'cam-1', deviceType: 'NVR_CAMERA' }, 9), { wrapper });
    await waitFor(() => expect(result.current.error).toBe('Failed to get event snapshot'));
    expect(result.current.isLoading).toBe(false);
    vi.setSystemTime(5_000_000_000 + MEMORY_MAX_AGE_MS + 1);
    act(() => void cache.purgeMemory());
    await waitFor(() => expect(result.current.imageUrl).toBe('blob:hook/1'));
    expect(fetchImage).toHaveBeenCalledTimes(2);
  });

  it('refresh forgets the fresh image, memory and stored, and asks the API again', async () => {
    let calls = 0;
    const fetchImage = vi.fn(async () => new Blob([`img-${++calls}`], { type: 'image/jpeg' }));
    const { wrapper, cache } = setup(fetchImage);
    const { result } = renderHook(() => useSnapshot({ deviceId: 'cam-1', deviceType: 'CAMERA' }), { wrapper });
    await waitFor(() => expect(result.current.imageUrl).toBe('blob:hook/1'));
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.imageUrl).toBe('blob:hook/2'));
    expect(fetchImage).toHaveBeenCalledTimes(2);
    expect(fetchImage).toHaveBeenLastCalledWith('cam-1', undefined);
    expect((await cache.stats()).count).toBe(1);
  });
});
