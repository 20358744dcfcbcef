/**
 * A snapshot cache for one component test: records kept in a Map instead of IndexedDB,
 * images fetched through the real API client (so the test's fake `/v1` answers them),
 * object URLs numbered `blob:snap/1`, `blob:snap/2`, …
 */
import { fetchSnapshot } from '../../src/api/snapshots';
import { SnapshotCache } from '../../src/lib/snapshotCache/SnapshotCache';
import type { SnapshotRecord } from '../../src/lib/snapshotCache/policy';
import type { SnapshotStore } from '../../src/lib/snapshotCache/store';

export function testSnapshotCache(): SnapshotCache {
  const records = new Map<string, SnapshotRecord>();
  const store: SnapshotStore = {
    put: async (r) => (records.set(r.cacheKey, r), true),
    get: async (key) => records.get(key) ?? null,
    delete: async (key) => void records.delete(key),
    clear: async () => records.clear(),
    stats: async () => ({ count: records.size, totalSize: 0 }),
    deleteOlderThan: async () => 0,
  };
  let n = 0;
  return new SnapshotCache({ store, fetchImage: (id, ts) => fetchSnapshot(id, ts), createObjectUrl: () => `blob:snap/${++n}`, revokeObjectUrl: () => {} });
}
