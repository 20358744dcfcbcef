/**
 * The app's one snapshot cache (a test or a story gives components another through
 * `SnapshotCacheContext`, ./context.ts). It keeps records in IndexedDB, fetches through
 * `GET /v1/devices/{id}/snapshot`, and runs its timers from its first use.
 */
import { fetchSnapshot } from '../../api/snapshots';
import { SnapshotCache } from './SnapshotCache';
import { createIndexedDbSnapshotStore } from './store';

let appCache: SnapshotCache | null = null;

/** The app's cache, made and started on the first call. */
export function appSnapshotCache(): SnapshotCache {
  if (!appCache) {
    appCache = new SnapshotCache({
      store: createIndexedDbSnapshotStore(),
      fetchImage: (deviceId, eventTimestamp) => fetchSnapshot(deviceId, eventTimestamp),
    });
    appCache.start();
  }
  return appCache;
}

/**
 * Forgets every cached snapshot, in memory and in IndexedDB: called at sign-out (and
 * whenever the stored session is dropped), so the next user of the browser never sees
 * the previous organization's camera images. Works whether or not this page load has
 * used the cache yet; without IndexedDB (a test's jsdom) there is nothing stored to drop.
 * Failures are logged by the store, never thrown.
 */
export async function clearAppSnapshotCache(): Promise<void> {
  if (appCache) await appCache.clear();
  else if (typeof indexedDB !== 'undefined') await createIndexedDbSnapshotStore().clear();
}
