import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { SnapshotCacheContext } from './context';
import { snapshotCacheKey, snapshotFallbackMessage, supportsSnapshots } from './policy';
import type { SnapshotDevice } from './policy';
import type { SnapshotCache } from './SnapshotCache';
import { logger } from '../logger';

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

let appCache: SnapshotCache | null = null;
let appCacheLoading: Promise<SnapshotCache> | null = null;

/** Loads (once) and starts the app's cache; a failed load is tried again by the next call. */
function loadAppSnapshotCache(): Promise<SnapshotCache> {
  appCacheLoading ??= import('./appSnapshotCache').then(
    (module) => (appCache = module.appSnapshotCache()),
    (error: unknown) => {
      appCacheLoading = null;
      throw error;
    },
  );
  return appCacheLoading;
}

const noEntry = () => undefined;
const noSubscription = () => () => {};

/**
 * The app's snapshot cache once loaded, loading it when `needed` (issue 5 "Weight of the
 * pages": a screen shows before its snapshots' cache arrives). `failed` is set when the
 * cache's code could not be loaded (the network dropped mid-deploy, say); `retry` loads it again.
 */
function useAppSnapshotCache(needed: boolean): { cache: SnapshotCache | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ cache: SnapshotCache | null; failed: boolean }>({ cache: appCache, failed: false });
  useEffect(() => {
    if (!needed || state.cache || state.failed) return;
    let live = true;
    loadAppSnapshotCache().then(
      (cache) => live && setState({ cache, failed: false }),
      (error: unknown) => {
        logger.error('The snapshot cache failed to load', error);
        if (live) setState({ cache: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [needed, state]);
  const retry = useCallback(() => setState({ cache: appCache, failed: false }), []);
  return { ...state, retry };
}

/**
 * A device's snapshot through the snapshot cache: live, or the event's when
 * `eventTimestamp` (Unix seconds) is given. Asks once per device and time; an entry the
 * cache purges while shown is asked for again. `device` null (not known yet) asks nothing.
 */
export function useSnapshot(device: SnapshotDevice | null, eventTimestamp?: number | null): SnapshotView {
  const provided = useContext(SnapshotCacheContext);
  const supported = device !== null && supportsSnapshots(device.deviceType);
  const app = useAppSnapshotCache(provided === null && supported);
  const { failed, retry } = app;
  const cache = provided ?? app.cache;
  const key = device ? snapshotCacheKey(device.deviceId, eventTimestamp) : null;
  const getEntry = useCallback(() => (key === null || cache === null ? undefined : cache.getEntry(key)), [cache, key]);
  const entry = useSyncExternalStore(cache?.subscribe ?? noSubscription, cache ? getEntry : noEntry, cache ? getEntry : noEntry);
  const present = entry !== undefined;
  const deviceId = device?.deviceId;
  const deviceType = device?.deviceType;

  useEffect(() => {
    if (!cache || !supported || deviceId === undefined || deviceType === undefined || present) return;
    void cache.getSnapshot({ deviceId, deviceType }, eventTimestamp);
  }, [cache, supported, deviceId, deviceType, eventTimestamp, present]);

  const refresh = useCallback(async () => {
    if (!cache) return retry();
    if (deviceId === undefined || deviceType === undefined) return;
    // Removing the entry makes the effect above ask again; the stored record is deleted
    // first in IndexedDB's order, so the new ask cannot read the old image back.
    await cache.remove({ deviceId, deviceType }, eventTimestamp);
  }, [cache, retry, deviceId, deviceType, eventTimestamp]);

  return {
    imageUrl: entry?.imageUrl ?? null,
    isLoading: supported && !failed && (entry?.isLoading ?? true),
    error: entry?.error ?? (supported && failed && !cache ? snapshotFallbackMessage(eventTimestamp) : null),
    supported,
    refresh,
  };
}
