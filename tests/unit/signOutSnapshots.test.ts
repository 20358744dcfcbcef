import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { clearAppSnapshotCache } from '../../src/lib/snapshotCache/appSnapshotCache';
import { toSnapshotRecord } from '../../src/lib/snapshotCache/policy';
import { createIndexedDbSnapshotStore } from '../../src/lib/snapshotCache/store';

const jpeg = () => new Blob(['jpeg-bytes'], { type: 'image/jpeg' });

describe('snapshots at sign-out', () => {
  it('clearAppSnapshotCache drops the records a previous page load stored', async () => {
    const store = createIndexedDbSnapshotStore();
    await store.put(toSnapshotRecord('cam-1', null, jpeg(), Date.now()));
    await store.put(toSnapshotRecord('cam-2', 1_700_000_000, jpeg(), Date.now()));
    expect((await store.stats()).count).toBe(2);

    await clearAppSnapshotCache();

    expect((await store.stats()).count).toBe(0);
  });

  it('clearStoredSession asks for the snapshot cache to be cleared', async () => {
    const cleared = vi.fn(async () => undefined);
    vi.doMock('../../src/lib/snapshotCache/appSnapshotCache', () => ({ clearAppSnapshotCache: cleared }));
    const { clearStoredSession } = await import('../../src/atoms/session.atoms');

    clearStoredSession();

    await vi.waitFor(() => expect(cleared).toHaveBeenCalledTimes(1));
    vi.doUnmock('../../src/lib/snapshotCache/appSnapshotCache');
  });
});
