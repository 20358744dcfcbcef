/**
 * The React context that lets a test (or a story) give components a snapshot cache of its
 * own. Kept apart from `appSnapshotCache.ts` so the screens that show snapshots do not load
 * the app's cache (IndexedDB, fetch, timers: about 3 KB gzip) before they show (issue 5
 * "Weight of the pages"); `useSnapshot` loads it when a snapshot is first asked for.
 */
import { createContext } from 'react';
import type { SnapshotCache } from './SnapshotCache';

/** The cache components use; null means the app's own (`appSnapshotCache`). */
export const SnapshotCacheContext = createContext<SnapshotCache | null>(null);
