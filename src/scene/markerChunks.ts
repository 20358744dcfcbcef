/**
 * How a floor's markers are split into groups that mount one slice at a time (issue 5
 * "Weight of the pages"). Pure: no React, no Konva, no DOM.
 *
 * A chunk holds the markers of one status and one bucket of a hash of their ids, so a
 * device keeps its chunk whatever else changes, and a status change moves one marker
 * from one chunk to another (one marker renders, issue 4's status-change target). Chunks
 * come bottom first: online, then offline, then error, so devices in error draw on top.
 */
import { STATUS_PRIORITY } from './markerStyle';
import type { SceneDevice } from './types';

/** Buckets per status: about 130 markers a chunk on a floor of 5 000. */
export const CHUNK_BUCKETS = 32;

/** Floors with at most this many markers mount them at once, in one task. */
export const MOUNT_AT_ONCE_MAX = 500;

/** Markers mounted per slice, at least: a slice (one task) must stay well under 50 ms, on a slow machine too. */
export const SLICE_MARKERS = 150;

/** A group of markers mounted together, bottom first. */
export interface MarkerChunk<T> {
  readonly key: string;
  readonly items: readonly T[];
}

/** A small stable hash of a string (FNV-1a, 32 bits). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Splits markers into chunks, bottom first, each in draw order.
 *
 * @param byPriority markers in priority order (`byMarkerPriority`: error first), drawn last first
 * @param deviceOf the device a marker draws
 */
export function markerChunks<T>(byPriority: readonly T[], deviceOf: (item: T) => SceneDevice): MarkerChunk<T>[] {
  const chunks = new Map<string, { key: string; rank: number; items: T[] }>();
  for (let i = byPriority.length - 1; i >= 0; i -= 1) {
    const item = byPriority[i] as T;
    const device = deviceOf(item);
    const bucket = hash(device.id) % CHUNK_BUCKETS;
    const key = `${device.status}:${bucket}`;
    const chunk = chunks.get(key);
    if (chunk) chunk.items.push(item);
    else chunks.set(key, { key, rank: -STATUS_PRIORITY[device.status] * CHUNK_BUCKETS + bucket, items: [item] });
  }
  return [...chunks.values()].sort((a, b) => a.rank - b.rank).map(({ key, items }) => ({ key, items }));
}

/**
 * How many chunks (from the bottom) hold the first `slices` slices of at least
 * {@link SLICE_MARKERS} markers each: whole chunks, at least one per slice.
 *
 * @param chunks bottom first
 * @param slices slices mounted so far, from 1
 */
export function chunksInSlices<T>(chunks: readonly MarkerChunk<T>[], slices: number): number {
  let count = 0;
  for (let slice = 0; slice < slices && count < chunks.length; slice += 1) {
    let added = 0;
    while (count < chunks.length && added < SLICE_MARKERS) {
      added += chunks[count]?.items.length ?? 0;
      count += 1;
    }
  }
  return count;
}
