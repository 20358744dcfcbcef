/** Frame statistics of the scene bench. Pure: intervals in, figures out. */

/** One page's frames in one scenario. */
export interface FrameFigures {
  /** Frames per second at the median frame interval. */
  readonly fpsMedian: number;
  /** Frames per second at the 95th percentile interval: the 5th percentile of fps. */
  readonly fpsP5: number;
  /** The longest frame interval, ms. */
  readonly longestMs: number;
  readonly frames: number;
}

/** The `p`-th percentile (0..100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Figures of a run of frame intervals (ms). */
export function frameFigures(intervals: readonly number[]): FrameFigures {
  return {
    fpsMedian: 1000 / percentile(intervals, 50),
    fpsP5: 1000 / percentile(intervals, 95),
    longestMs: intervals.length > 0 ? Math.max(...intervals) : Number.NaN,
    frames: intervals.length,
  };
}
