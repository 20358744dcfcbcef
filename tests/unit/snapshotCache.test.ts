import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SNAPSHOT_CONTENT_TYPE,
  MEMORY_MAX_AGE_MS,
  MEMORY_PURGE_INTERVAL_MS,
  SNAPSHOT_CLEANUP_AGE_MS,
  SNAPSHOT_CLEANUP_INTERVAL_MS,
  SNAPSHOT_MAX_AGE_MS,
  entriesToPurge,
  snapshotCacheKey,
  snapshotFallbackMessage,
  supportsSnapshots,
  toSnapshotRecord,
} from '../../src/lib/snapshotCache/policy';
import type { SnapshotEntry } from '../../src/lib/snapshotCache/policy';
import { createIndexedDbSnapshotStore } from '../../src/lib/snapshotCache/store';
import type { SnapshotStore } from '../../src/lib/snapshotCache/store';
import { SnapshotCache } from '../../src/lib/snapshotCache/SnapshotCache';
import { logger } from '../../src/lib/logger';

const camera = { deviceId: 'cam-1', deviceType: 'CAMERA' };
const nvrCamera = { deviceId: 'nvr-1', deviceType: 'NVR_CAMERA' };
const jpeg = (text = 'jpeg-bytes') => new Blob([text], { type: 'image/jpeg' });

let dbCounter = 0;
/** A store on a database of its own, so tests never see each other's records. */
const freshStore = () => createIndexedDbSnapshotStore(`snapshots-test-${++dbCounter}`);

/** A cache over `store` with a controllable clock and countable object URLs. */
function cacheOver(store: SnapshotStore, fetchImage = vi.fn(async () => jpeg())) {
  let urls = 0;
  const revoked: string[] = [];
  const cache = new SnapshotCache({
    store,
    fetchImage,
    createObjectUrl: () => `blob:test/${++urls}`,
    revokeObjectUrl: (url) => revoked.push(url),
  });
  return { cache, fetchImage, revoked };
}

/** An IndexedDB factory whose every open fails, as a browser refusing storage does. */
function breakIndexedDb() {
  const real = globalThis.indexedDB;
  const broken = {
    open: () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    },
  } as unknown as IDBFactory;
  vi.stubGlobal('indexedDB', broken);
  return () => vi.stubGlobal('indexedDB', real);
}

beforeEach(() => {
  vi.spyOn(logger, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('snapshot policy (SPEC.md sections 3, 5, 8, 9)', () => {
  it('uses the spec constants', () => {
    expect(SNAPSHOT_MAX_AGE_MS).toBe(300_000);
    expect(SNAPSHOT_CLEANUP_INTERVAL_MS).toBe(600_000);
    expect(SNAPSHOT_CLEANUP_AGE_MS).toBe(600_000);
    expect(MEMORY_PURGE_INTERVAL_MS).toBe(300_000);
    expect(MEMORY_MAX_AGE_MS).toBe(600_000);
    expect(DEFAULT_SNAPSHOT_CONTENT_TYPE).toBe('image/jpeg');
  });

  it('keys by device id, plus underscore and event timestamp for an event', () => {
    expect(snapshotCacheKey('cam-1')).toBe('cam-1');
    expect(snapshotCacheKey('cam-1', null)).toBe('cam-1');
    expect(snapshotCacheKey('cam-1', 1763722805)).toBe('cam-1_1763722805');
  });

  it('lets only CAMERA and NVR_CAMERA ask', () => {
    expect(supportsSnapshots('CAMERA')).toBe(true);
    expect(supportsSnapshots('NVR_CAMERA')).toBe(true);
    expect(supportsSnapshots('DOOR_SENSOR')).toBe(false);
    expect(supportsSnapshots('unknown')).toBe(false);
    expect(supportsSnapshots('camera')).toBe(false);
  });

  it('has one fallback message for live snapshots and one for event snapshots', () => {
    expect(snapshotFallbackMessage()).toBe('Failed to get snapshot');
    expect(snapshotFallbackMessage(1763722805)).toBe('Failed to get event snapshot');
  });

  it('builds a record with the blob type, or image/jpeg when the blob names none', () => {
    const typed = toSnapshotRecord('cam-1', 17, new Blob(['abc'], { type: 'image/png' }), 1000);
    expect(typed).toMatchObject({ cacheKey: 'cam-1_17', deviceId: 'cam-1', eventTimestamp: 17, timestamp: 1000, contentType: 'image/png', size: 3 });
    expect(toSnapshotRecord('cam-1', null, new Blob(['abcd']), 1000)).toMatchObject({ cacheKey: 'cam-1', contentType: 'image/jpeg', size: 4 });
  });

  it('purges in-memory entries only when older than 10 minutes', () => {
    const entry = (timestamp: number): SnapshotEntry => ({ deviceId: 'd', imageUrl: null, timestamp, isLoading: false, error: null });
    const now = 10_000_000;
    const entries = new Map([
      ['old', entry(now - MEMORY_MAX_AGE_MS - 1)],
      ['edge', entry(now - MEMORY_MAX_AGE_MS)],
      ['young', entry(now - 1000)],
    ]);
    expect(entriesToPurge(entries, now)).toEqual(['old']);
  });
});

describe('IndexedDB snapshot store', () => {
  it('stores, reads, counts, deletes and clears records', async () => {
    const store = freshStore();
    const record = toSnapshotRecord('cam-1', 17, jpeg('12345'), 1000);
    expect(await store.put(record)).toBe(true);
    const read = await store.get('cam-1_17');
    expect(read).toMatchObject({ cacheKey: 'cam-1_17', deviceId: 'cam-1', eventTimestamp: 17, timestamp: 1000, contentType: 'image/jpeg', size: 5 });
    expect(await read?.imageBlob.text()).toBe('12345');
    await store.put(toSnapshotRecord('cam-2', null, jpeg('12'), 2000));
    expect(await store.stats()).toEqual({ count: 2, totalSize: 7 });
    await store.delete('cam-1_17');
    expect(await store.get('cam-1_17')).toBeNull();
    await store.clear();
    expect(await store.stats()).toEqual({ count: 0, totalSize: 0 });
  });

  it('removes only records older than the cut-off', async () => {
    const store = freshStore();
    await store.put(toSnapshotRecord('old', null, jpeg(), 1000));
    await store.put(toSnapshotRecord('edge', null, jpeg(), 2000));
    await store.put(toSnapshotRecord('new', null, jpeg(), 3000));
    expect(await store.deleteOlderThan(2000)).toBe(1);
    expect(await store.get('old')).toBeNull();
    expect(await store.get('edge')).not.toBeNull();
    expect(await store.get('new')).not.toBeNull();
  });

  it('logs each failed operation and answers a neutral value instead of throwing', async () => {
    const restore = breakIndexedDb();
    const store = freshStore();
    expect(await store.put(toSnapshotRecord('cam-1', null, jpeg(), 1))).toBe(false);
    expect(await store.get('cam-1')).toBeNull();
    await expect(store.delete('cam-1')).resolves.toBeUndefined();
    await expect(store.clear()).resolves.toBeUndefined();
    expect(await store.stats()).toEqual({ count: 0, totalSize: 0 });
    expect(await store.deleteOlderThan(1)).toBe(0);
    const messages = vi.mocked(logger.error).mock.calls.map(([message]) => message);
    expect(messages).toEqual(
      ['store', 'read', 'delete', 'clear', 'stats', 'cleanup'].map((what) => `Snapshot cache: ${what} failed`),
    );
    restore();
    // The open is retried once storage works again.
    expect(await store.put(toSnapshotRecord('cam-1', null, jpeg(), 1))).toBe(true);
  });
});

describe('SnapshotCache', () => {
  it('asks nothing for a device type without snapshots', async () => {
    const { cache, fetchImage } = cacheOver(freshStore());
    expect(await cache.getSnapshot({ deviceId: 'door-1', deviceType: 'DOOR_SENSOR' })).toBeNull();
    expect(await cache.getSnapshot({ deviceId: 'x', deviceType: 'unknown' }, 17)).toBeNull();
    expect(fetchImage).not.toHaveBeenCalled();
    expect(cache.getEntry('door-1')).toBeUndefined();
  });

  it('fetches an event snapshot with its timestamp, stores the record and serves an object URL', async () => {
    const store = freshStore();
    const { cache, fetchImage } = cacheOver(store);
    const listener = vi.fn();
    cache.subscribe(listener);
    const pending = cache.getSnapshot(camera, 1763722805);
    expect(cache.getEntry('cam-1_1763722805')).toMatchObject({ deviceId: 'cam-1', isLoading: true, imageUrl: null, error: null });
    expect(await pending).toBe('blob:test/1');
    expect(fetchImage).toHaveBeenCalledWith('cam-1', 1763722805);
    expect(cache.getEntry('cam-1_1763722805')).toMatchObject({ deviceId: 'cam-1', isLoading: false, imageUrl: 'blob:test/1', error: null });
    expect(listener).toHaveBeenCalledTimes(2);
    const record = await store.get('cam-1_1763722805');
    expect(record).toMatchObject({ deviceId: 'cam-1', eventTimestamp: 1763722805, contentType: 'image/jpeg', size: 10 });
  });

  it('shares one fetch between simultaneous requests and serves the next from memory', async () => {
    const { cache, fetchImage } = cacheOver(freshStore());
    const [a, b] = await Promise.all([cache.getSnapshot(nvrCamera), cache.getSnapshot(nvrCamera)]);
    expect(a).toBe('blob:test/1');
    expect(b).toBe('blob:test/1');
    expect(await cache.getSnapshot(nvrCamera)).toBe('blob:test/1');
    expect(fetchImage).toHaveBeenCalledTimes(1);
    expect(fetchImage).toHaveBeenCalledWith('nvr-1', undefined);
  });

  it('serves a fresh stored record without fetching, and refetches one older than the max age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000_000);
    const store = freshStore();
    await cacheOver(store).cache.getSnapshot(camera);

    const second = cacheOver(store);
    vi.setSystemTime(1_000_000_000 + SNAPSHOT_MAX_AGE_MS - 1);
    expect(await second.cache.getSnapshot(camera)).toBe('blob:test/1');
    expect(second.fetchImage).not.toHaveBeenCalled();
    expect(second.cache.getEntry('cam-1')?.timestamp).toBe(1_000_000_000);

    const third = cacheOver(store, vi.fn(async () => jpeg('newer')));
    vi.setSystemTime(1_000_000_000 + SNAPSHOT_MAX_AGE_MS);
    await third.cache.getSnapshot(camera);
    expect(third.fetchImage).toHaveBeenCalledTimes(1);
    expect(await (await store.get('cam-1'))?.imageBlob.text()).toBe('newer');
  });

  it('still serves an in-memory image address when storing fails, and logs the failure', async () => {
    breakIndexedDb();
    const { cache, fetchImage } = cacheOver(freshStore());
    expect(await cache.getSnapshot(camera, 42)).toBe('blob:test/1');
    expect(fetchImage).toHaveBeenCalledTimes(1);
    expect(cache.getEntry('cam-1_42')).toMatchObject({ imageUrl: 'blob:test/1', isLoading: false, error: null });
    expect(logger.error).toHaveBeenCalledWith('Snapshot cache: store failed', expect.any(DOMException));
  });

  it('stores the problem detail on the entry and answers nothing when the fetch fails', async () => {
    const failing = vi.fn(async () => {
      throw Object.assign(new Error('[GET] 502'), { status: 502, data: { title: 'Bad Gateway', detail: 'VORTEX did not answer' } });
    });
    const { cache } = cacheOver(freshStore(), failing);
    expect(await cache.getSnapshot(camera, 7)).toBeNull();
    expect(cache.getEntry('cam-1_7')).toMatchObject({ imageUrl: null, isLoading: false, error: 'VORTEX did not answer' });
    // A failure is not retried in a loop: the next request answers from the entry.
    expect(await cache.getSnapshot(camera, 7)).toBeNull();
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it.each([
    [undefined, 'cam-1', 'Failed to get snapshot'],
    [99, 'cam-1_99', 'Failed to get event snapshot'],
  ])('falls back to the spec message (event timestamp %s)', async (timestamp, key, message) => {
    const { cache } = cacheOver(freshStore(), vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    await cache.getSnapshot(camera, timestamp);
    expect(cache.getEntry(key)?.error).toBe(message);
  });

  it('cleans stored records older than twice the max age every 600 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const start = 2_000_000_000;
    vi.setSystemTime(start);
    const store = freshStore();
    const cleanups: Promise<number>[] = [];
    const watched: SnapshotStore = {
      ...store,
      deleteOlderThan: (cutoff) => {
        const done = store.deleteOlderThan(cutoff);
        cleanups.push(done);
        return done;
      },
    };
    // At the first cleanup (start + 600 000) the cut-off is start - 600 000.
    await store.put(toSnapshotRecord('too-old', null, jpeg(), start - SNAPSHOT_CLEANUP_AGE_MS - 1));
    await store.put(toSnapshotRecord('at-cutoff', null, jpeg(), start));
    await store.put(toSnapshotRecord('recent', null, jpeg(), start + SNAPSHOT_CLEANUP_INTERVAL_MS));
    const { cache } = cacheOver(watched);
    cache.start();
    cache.start();

    vi.advanceTimersByTime(SNAPSHOT_CLEANUP_INTERVAL_MS - 1);
    expect(cleanups).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(cleanups).toHaveLength(1);
    expect(await cleanups[0]).toBe(1);
    expect(await store.get('too-old')).toBeNull();
    expect(await store.get('at-cutoff')).not.toBeNull();

    vi.advanceTimersByTime(SNAPSHOT_CLEANUP_INTERVAL_MS);
    expect(cleanups).toHaveLength(2);
    expect(await cleanups[1]).toBe(1);
    expect(await store.get('at-cutoff')).toBeNull();
    expect(await store.get('recent')).not.toBeNull();

    cache.stop();
    vi.advanceTimersByTime(SNAPSHOT_CLEANUP_INTERVAL_MS * 3);
    expect(cleanups).toHaveLength(2);
  });

  it('purges in-memory entries older than 10 minutes every 5 minutes and revokes their URLs', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(3_000_000_000);
    const { cache, revoked } = cacheOver(freshStore());
    cache.start();
    await cache.getSnapshot(camera, 1);
    const listener = vi.fn();
    cache.subscribe(listener);

    vi.advanceTimersByTime(MEMORY_PURGE_INTERVAL_MS); // 5 min old
    vi.advanceTimersByTime(MEMORY_PURGE_INTERVAL_MS); // exactly 10 min old: kept
    expect(cache.getEntry('cam-1_1')).toBeDefined();
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(MEMORY_PURGE_INTERVAL_MS); // 15 min old: purged
    expect(cache.getEntry('cam-1_1')).toBeUndefined();
    expect(revoked).toEqual(['blob:test/1']);
    expect(listener).toHaveBeenCalledTimes(1);
    cache.stop();
  });

  it('revokes the old URL when a stale live image is refetched, and clears everything', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(4_000_000_000);
    const store = freshStore();
    const { cache, revoked, fetchImage } = cacheOver(store);
    await cache.getSnapshot(camera);
    vi.setSystemTime(4_000_000_000 + SNAPSHOT_MAX_AGE_MS);
    expect(await cache.getSnapshot(camera)).toBe('blob:test/2');
    expect(fetchImage).toHaveBeenCalledTimes(2);
    expect(revoked).toEqual(['blob:test/1']);
    await cache.clear();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);
    expect(cache.getEntry('cam-1')).toBeUndefined();
    expect(await cache.stats()).toEqual({ count: 0, totalSize: 0 });
  });
});
