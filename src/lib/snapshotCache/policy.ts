/**
 * The snapshot cache's rules, apart from IndexedDB and object URLs (SPEC.md sections 3,
 * 5 and 9): which devices may ask, the cache key, when a record or an in-memory entry is
 * still good, and what the periodic cleanups remove. Pure: no I/O, no clock of its own.
 */

/** SPEC.md section 9: a stored snapshot is served for this long after it was fetched, ms. */
export const SNAPSHOT_MAX_AGE_MS = 300_000;
/** SPEC.md section 9: how often the stored snapshots are cleaned up, ms. */
export const SNAPSHOT_CLEANUP_INTERVAL_MS = 600_000;
/** SPEC.md section 9: the cleanup removes stored snapshots older than twice the max age, ms. */
export const SNAPSHOT_CLEANUP_AGE_MS = 2 * SNAPSHOT_MAX_AGE_MS;
/** SPEC.md section 9: how often in-memory entries are purged, ms (5 min). */
export const MEMORY_PURGE_INTERVAL_MS = 300_000;
/** SPEC.md section 9: in-memory entries older than this are purged, ms (10 min). */
export const MEMORY_MAX_AGE_MS = 600_000;
/** SPEC.md section 3: content type of a record whose blob names none. */
export const DEFAULT_SNAPSHOT_CONTENT_TYPE = 'image/jpeg';

/** SPEC.md section 5: the device types that support snapshots. */
export const SNAPSHOT_DEVICE_TYPES: readonly string[] = ['CAMERA', 'NVR_CAMERA'];

/** What the cache needs to know of a device. */
export interface SnapshotDevice {
  deviceId: string;
  /** The device's `device_type`; only CAMERA and NVR_CAMERA ask for snapshots. */
  deviceType: string;
}

/** SPEC.md section 3 "Snapshot cache record", as stored in IndexedDB. */
export interface SnapshotRecord {
  cacheKey: string;
  deviceId: string;
  /** The event's time in Unix seconds, or null for a live snapshot. */
  eventTimestamp: number | null;
  imageBlob: Blob;
  /** When the image was fetched, ms since epoch. */
  timestamp: number;
  contentType: string;
  /** Bytes. */
  size: number;
}

/** SPEC.md section 3 "In-memory snapshot entry". */
export interface SnapshotEntry {
  deviceId: string;
  /** An object URL of the image, or null while loading or after a failure. */
  imageUrl: string | null;
  /** When the entry was made, ms since epoch. */
  timestamp: number;
  isLoading: boolean;
  /** The failure's message ('Failed to get snapshot' when nothing better), or null. */
  error: string | null;
}

/** SPEC.md section 5: true for CAMERA and NVR_CAMERA; every other type gets no snapshot. */
export function supportsSnapshots(deviceType: string): boolean {
  return SNAPSHOT_DEVICE_TYPES.includes(deviceType);
}

/**
 * SPEC.md section 3: the device id, plus '_' and the event timestamp (Unix seconds) when
 * the snapshot is an event's.
 */
export function snapshotCacheKey(deviceId: string, eventTimestamp?: number | null): string {
  return eventTimestamp === undefined || eventTimestamp === null ? deviceId : `${deviceId}_${eventTimestamp}`;
}

/** SPEC.md section 8: the fallback message of a failed fetch, live or for an event. */
export function snapshotFallbackMessage(eventTimestamp?: number | null): string {
  return eventTimestamp === undefined || eventTimestamp === null ? 'Failed to get snapshot' : 'Failed to get event snapshot';
}

/** True while a record fetched at `timestamp` (ms) may still be served at `nowMs`. */
export function isFresh(timestamp: number, nowMs: number, maxAgeMs: number = SNAPSHOT_MAX_AGE_MS): boolean {
  return nowMs - timestamp < maxAgeMs;
}

/** The cleanup's cut-off: records fetched before this instant (ms since epoch) are removed. */
export function cleanupCutoff(nowMs: number): number {
  return nowMs - SNAPSHOT_CLEANUP_AGE_MS;
}

/** The keys of in-memory entries older than 10 min at `nowMs`, which the purge removes. */
export function entriesToPurge(entries: ReadonlyMap<string, SnapshotEntry>, nowMs: number): string[] {
  const stale: string[] = [];
  for (const [key, entry] of entries) if (nowMs - entry.timestamp > MEMORY_MAX_AGE_MS) stale.push(key);
  return stale;
}

/**
 * Whether an in-memory entry can answer a request at `nowMs` without fetching: a loading
 * entry always (the fetch is under way), a loaded or failed one while younger than the max
 * age, so a failure is not retried in a loop and a live image is refreshed after 5 min.
 */
export function canReuseEntry(entry: SnapshotEntry, nowMs: number): boolean {
  return entry.isLoading || isFresh(entry.timestamp, nowMs);
}

/** A record for `blob`, fetched at `nowMs`. */
export function toSnapshotRecord(
  deviceId: string,
  eventTimestamp: number | null,
  blob: Blob,
  nowMs: number,
): SnapshotRecord {
  return {
    cacheKey: snapshotCacheKey(deviceId, eventTimestamp),
    deviceId,
    eventTimestamp,
    imageBlob: blob,
    timestamp: nowMs,
    contentType: blob.type || DEFAULT_SNAPSHOT_CONTENT_TYPE,
    size: blob.size,
  };
}
