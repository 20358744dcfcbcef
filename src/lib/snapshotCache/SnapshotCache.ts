/**
 * The snapshot cache (SPEC.md sections 3, 4, 5, 8 and 9): in-memory entries holding an
 * object URL per cache key, over IndexedDB records, over the API. Only CAMERA and
 * NVR_CAMERA ask. A failed store still serves the in-memory image address; a failed fetch
 * stores its message on the entry and answers nothing. The rules are in `policy.ts`;
 * this class only applies them to its map, its store and its timers.
 */
import { problemMessage } from '../../api/client';
import { logger } from '../logger';
import {
  MEMORY_PURGE_INTERVAL_MS,
  SNAPSHOT_CLEANUP_INTERVAL_MS,
  canReuseEntry,
  cleanupCutoff,
  entriesToPurge,
  isFresh,
  snapshotCacheKey,
  snapshotFallbackMessage,
  supportsSnapshots,
  toSnapshotRecord,
} from './policy';
import type { SnapshotDevice, SnapshotEntry } from './policy';
import type { SnapshotStore, SnapshotStoreStats } from './store';

/** What the cache is built from; tests pass doubles for each. */
export interface SnapshotCacheDeps {
  store: SnapshotStore;
  /**
   * Fetches the image of `deviceId`, at `eventTimestamp` (Unix seconds) when given.
   * @throws whatever the API client throws; the message is read with `problemMessage`.
   */
  fetchImage: (deviceId: string, eventTimestamp?: number) => Promise<Blob>;
  /** ms since epoch; `Date.now` by default. */
  now?: () => number;
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
}

/** See the module comment. */
export class SnapshotCache {
  private readonly entries = new Map<string, SnapshotEntry>();
  private readonly inFlight = new Map<string, Promise<string | null>>();
  private readonly listeners = new Set<() => void>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private readonly store: SnapshotStore;
  private readonly fetchImage: SnapshotCacheDeps['fetchImage'];
  private readonly now: () => number;
  private readonly createObjectUrl: (blob: Blob) => string;
  private readonly revokeObjectUrl: (url: string) => void;

  constructor(deps: SnapshotCacheDeps) {
    this.store = deps.store;
    this.fetchImage = deps.fetchImage;
    this.now = deps.now ?? Date.now;
    this.createObjectUrl = deps.createObjectUrl ?? ((blob) => URL.createObjectURL(blob));
    this.revokeObjectUrl = deps.revokeObjectUrl ?? ((url) => URL.revokeObjectURL(url));
  }

  /** The in-memory entry under `cacheKey`, if any (for `useSyncExternalStore`). */
  getEntry = (cacheKey: string): SnapshotEntry | undefined => this.entries.get(cacheKey);

  /** Calls `listener` after every entry change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * The image address of a device's snapshot, live or at `eventTimestamp` (Unix seconds):
   * a fresh in-memory entry, else a fresh IndexedDB record, else the API.
   * @returns an object URL, or null for a device type without snapshots or a failed fetch
   *   (the entry then holds the message). Never rejects.
   */
  getSnapshot(device: SnapshotDevice, eventTimestamp?: number | null): Promise<string | null> {
    if (!supportsSnapshots(device.deviceType)) return Promise.resolve(null);
    const key = snapshotCacheKey(device.deviceId, eventTimestamp);
    const current = this.entries.get(key);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    if (current && canReuseEntry(current, this.now())) return Promise.resolve(current.imageUrl);
    const loading: SnapshotEntry = { deviceId: device.deviceId, imageUrl: null, timestamp: this.now(), isLoading: true, error: null };
    this.setEntry(key, loading);
    const load = this.load(key, loading, device.deviceId, eventTimestamp ?? null).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, load);
    return load;
  }

  private async load(key: string, loading: SnapshotEntry, deviceId: string, eventTimestamp: number | null): Promise<string | null> {
    let blob: Blob;
    let fetchedAt: number;
    try {
      const stored = await this.store.get(key);
      if (stored && isFresh(stored.timestamp, this.now())) {
        blob = stored.imageBlob;
        fetchedAt = stored.timestamp;
      } else {
        blob = await this.fetchImage(deviceId, eventTimestamp ?? undefined);
        fetchedAt = this.now();
        // A refused store is logged by the store; the image is still served from memory.
        await this.store.put(toSnapshotRecord(deviceId, eventTimestamp, blob, fetchedAt));
      }
    } catch (error) {
      const message = problemMessage(error, snapshotFallbackMessage(eventTimestamp));
      logger.error(`Snapshot of ${deviceId} failed: ${message}`, error);
      if (this.entries.get(key) === loading) {
        this.setEntry(key, { deviceId, imageUrl: null, timestamp: this.now(), isLoading: false, error: message });
      }
      return null;
    }
    // Purged or cleared while loading: the caller's view is gone, so nothing is kept.
    if (this.entries.get(key) !== loading) return null;
    const imageUrl = this.createObjectUrl(blob);
    this.setEntry(key, { deviceId, imageUrl, timestamp: fetchedAt, isLoading: false, error: null });
    return imageUrl;
  }

  /** Replaces the entry under `key`, revoking the replaced entry's object URL. */
  private setEntry(key: string, entry: SnapshotEntry | undefined): void {
    const previous = this.entries.get(key);
    if (previous?.imageUrl && previous.imageUrl !== entry?.imageUrl) this.revokeObjectUrl(previous.imageUrl);
    if (entry) this.entries.set(key, entry);
    else this.entries.delete(key);
    for (const listener of this.listeners) listener();
  }

  /** Removes in-memory entries older than 10 min, revoking their URLs; returns how many went. */
  purgeMemory(): number {
    const stale = entriesToPurge(this.entries, this.now());
    for (const key of stale) this.setEntry(key, undefined);
    return stale.length;
  }

  /** Removes stored records older than twice the max age; resolves how many went (0 on failure, logged). */
  cleanup(): Promise<number> {
    return this.store.deleteOlderThan(cleanupCutoff(this.now()));
  }

  /** Forgets one snapshot, in memory and stored. */
  async remove(device: SnapshotDevice, eventTimestamp?: number | null): Promise<void> {
    const key = snapshotCacheKey(device.deviceId, eventTimestamp);
    if (this.entries.has(key)) this.setEntry(key, undefined);
    await this.store.delete(key);
  }

  /** Forgets every snapshot, in memory and stored (for example at sign-out). */
  async clear(): Promise<void> {
    for (const key of [...this.entries.keys()]) this.setEntry(key, undefined);
    await this.store.clear();
  }

  /** What is stored (zeros when the store cannot be read; logged). */
  stats(): Promise<SnapshotStoreStats> {
    return this.store.stats();
  }

  /**
   * Starts the periodic work of SPEC.md section 9: the stored-record cleanup every
   * 600 000 ms and the in-memory purge every 300 000 ms. Calling it again does nothing.
   */
  start(): void {
    if (this.timers.length > 0) return;
    this.timers = [
      setInterval(() => void this.cleanup(), SNAPSHOT_CLEANUP_INTERVAL_MS),
      setInterval(() => this.purgeMemory(), MEMORY_PURGE_INTERVAL_MS),
    ];
  }

  /** Stops the periodic work. */
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
