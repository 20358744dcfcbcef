/** How plan files are described in the plan manager. Pure. */

/** A byte count for people: `532 B`, `166 KB`, `1.4 MB` (1 KB = 1024 B, one decimal under 10). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit: (typeof units)[number] = 'KB';
  for (const next of units.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}

/** `9355 × 6623 px`: a plan's natural size. */
export function formatPixels(width: number, height: number): string {
  return `${width} × ${height} px`;
}
