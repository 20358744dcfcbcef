import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SnapshotCache } from '../../src/lib/snapshotCache/SnapshotCache';
import { createIndexedDbSnapshotStore } from '../../src/lib/snapshotCache/store';
import { logger } from '../../src/lib/logger';

/**
 * Without a `SnapshotCacheContext`, `useSnapshot` loads the app's cache module on demand
 * (issue 5 "Weight of the pages"): here that module is replaced, and its first load fails.
 */
const fetchImage = vi.fn(async () => new Blob(['img'], { type: 'image/jpeg' }));
const appCache = new SnapshotCache({
  store: createIndexedDbSnapshotStore('use-snapshot-app-cache'),
  fetchImage,
  createObjectUrl: () => 'blob:app/1',
  revokeObjectUrl: () => {},
});
const loads = vi.hoisted(() => ({ count: 0, failNext: false }));
vi.mock('../../src/lib/snapshotCache/appSnapshotCache', () => {
  loads.count += 1;
  if (loads.failNext) {
    loads.failNext = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return { appSnapshotCache: () => appCache };
});

afterEach(() => vi.restoreAllMocks());

describe('useSnapshot with the app cache', () => {
  it('shows the failure when the cache cannot be loaded, and Refresh loads it and asks again', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    loads.failNext = true;
    const { useSnapshot } = await import('../../src/lib/snapshotCache/useSnapshot');
    const { result } = renderHook(() => useSnapshot({ deviceId: 'cam-7', deviceType: 'CAMERA' }));
    expect(result.current).toMatchObject({ imageUrl: null, isLoading: true, error: null });
    await waitFor(() => expect(result.current.error).toBe('Failed to get snapshot'));
    expect(result.current.isLoading).toBe(false);
    expect(logged).toHaveBeenCalledWith('The snapshot cache failed to load', expect.any(Error));
    expect(fetchImage).not.toHaveBeenCalled();

    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.imageUrl).toBe('blob:app/1'));
    expect(result.current).toMatchObject({ isLoading: false, error: null });
    expect(fetchImage).toHaveBeenCalledWith('cam-7', undefined);
    expect(loads.count).toBe(2);
  });

  it('loads nothing for a device type without snapshots', async () => {
    const before = loads.count;
    const { useSnapshot } = await import('../../src/lib/snapshotCache/useSnapshot');
    const { result } = renderHook(() => useSnapshot({ deviceId: 'door-1', deviceType: 'ACCESS_CONTROL' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toMatchObject({ imageUrl: null, isLoading: false, error: null, supported: false });
    expect(loads.count).toBe(before);
  });
});
