/**
 * Helpers for list responses that arrive either bare or wrapped (SPEC.md section 7:
 * "list or object with buildings", "list, or object with device_positions or devices").
 */

/** True for a plain, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns the list a response carries: the response itself when it is an array, else the
 * first of `keys` on the response object that holds an array. Returns null when neither
 * holds, so the caller decides whether that is worth a warning.
 */
export function unwrapList(raw: unknown, keys: readonly string[]): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (!isRecord(raw)) return null;
  for (const key of keys) {
    const value = raw[key];
    if (Array.isArray(value)) return value;
  }
  return null;
}

/** Returns `raw[key]` when the response wraps a single record in it, else `raw` itself. */
export function unwrapRecord(raw: unknown, keys: readonly string[]): unknown {
  if (!isRecord(raw)) return raw;
  for (const key of keys) {
    if (isRecord(raw[key])) return raw[key];
  }
  return raw;
}

/** `value` when it is a string, else `fallback`. */
export function stringOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' ? value : fallback;
}

/** `value` when it is a finite number, else `fallback`. */
export function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
