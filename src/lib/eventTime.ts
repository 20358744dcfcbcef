/**
 * Event time display (SPEC.md section 9): under 1 minute 'Just now', under 1 hour
 * 'Nm ago', under 1 day 'Nh ago', otherwise date and time.
 */

/** ms since epoch of a VORTEX `local_time`: Unix seconds (number) or a date string; null if unreadable. */
export function eventTimeMs(localTime: number | string): number | null {
  if (typeof localTime === 'number') return Number.isFinite(localTime) ? localTime * 1000 : null;
  const asNumber = Number(localTime);
  if (localTime.trim() !== '' && Number.isFinite(asNumber)) return asNumber * 1000;
  const parsed = Date.parse(localTime);
  return Number.isNaN(parsed) ? null : parsed;
}

/** The label for an event at `localTime`, seen at `nowMs` (ms since epoch). */
export function formatEventTime(localTime: number | string, nowMs: number): string {
  const at = eventTimeMs(localTime);
  if (at === null) return String(localTime);
  const elapsed = Math.max(0, nowMs - at);
  if (elapsed < 60_000) return 'Just now';
  if (elapsed < 3_600_000) return `${Math.floor(elapsed / 60_000)}m ago`;
  if (elapsed < 86_400_000) return `${Math.floor(elapsed / 3_600_000)}h ago`;
  return new Date(at).toLocaleString();
}
