import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { appSnapshotCache, SnapshotCacheContext } from './appSnapshotCache';
import { snapshotCacheKey, supportsSnapshots } from './policy';
import type { SnapshotDevice } from './policy';

/** What a component shows for one snapshot (SPEC.md section 4 "Snapshot entry"). */
export interface SnapshotView {
  /** Object URL of the image, or null (loading, failed, or a device without snapshots). */
  imageUrl: string | null;
  isLoading: boolean;
  /** The failure's message, or null. */
  error: string | null;
  /** False for device types that never have snapshots (SPEC.md section 5). */
  supported: boolean;
  /**
   * Forgets the cached image (memory and IndexedDB) and asks the API again; the view
   * goes back to loading. Resolves once the old image is forgotten.
   */
  refresh: () => Promise<void>;
}

/**
 * A device's snapshot through the snapshot cache: live, or the event's when
 * `eventTimestamp` (Unix seconds) is given. Asks once per device and time; an entry the
 * cache purges while shown is asked for again. `device` null (not known yet) asks nothing.
 */
export function useSnapshot(device: SnapshotDevice | null, eventTimestamp?: number | null): SnapshotView {
  const cache = useContext(SnapshotCacheContext) ?? appSnapshotCache();
  const supported = device !== null && supportsSnapshots(device.deviceType);
  const key = device ? snapshotCacheKey(device.deviceId, eventTimestamp) : null;
  const getEntry = useCallback(() => (key === null ? undefined : cache.getEntry(key)), [cache, key]);
  const entry = useSyncExternalStore(cache.subscribe, getEntry, getEntry);
  const present = entry !== undefined;
  const deviceId = device?.deviceId;
  const deviceType = device?.deviceType;

  useEffect(() => {
    if (!supported || deviceId === undefined || deviceType === undefined || present) return;
    void cache.getSnapshot({ deviceId, deviceType }, eventTimestamp);
  }, [cache, supported, deviceId, deviceType, eventTimestamp, present]);

  const refresh = useCallback(async () => {
    if (deviceId === undefined || deviceType === undefined) return;
    // Removing the entry makes the effect above ask again; the stored record is deleted
    // first in IndexedDB's order, so the new ask cannot read the old image back.
    await cache.remove({ deviceId, deviceType }, eventTimestamp);
  }, [cache, deviceId, deviceType, eventTimestamp]);

  return {
    imageUrl: entry?.imageUrl ?? null,
    isLoading: supported && (entry?.isLoading ?? true),
    error: entry?.error ?? null,
    supported,
    refresh,
  };
}
