/** Device counts by status (SPEC.md section 3 "Device metrics"). */
export interface StatusCounts {
  total: number;
  online: number;
  offline: number;
  error: number;
}

/**
 * Share of `part` in `total` in whole percent, rounded half up (Math.round, as the
 * browser's own `deviceMetrics` does); 0 when `total` is 0.
 */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}

/**
 * The spec's device metrics: the counts with rounded online and offline percentages (0
 * when there are no devices). A status other than the three counts in `total` only.
 */
export function deviceMetrics(counts: StatusCounts) {
  return {
    ...counts,
    onlinePercentage: percentOf(counts.online, counts.total),
    offlinePercentage: percentOf(counts.offline, counts.total),
  };
}
