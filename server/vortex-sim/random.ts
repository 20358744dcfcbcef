/** A source of numbers in [0, 1), like Math.random; seeded so a run can be replayed. */
export type Random = () => number;

/**
 * Mulberry32: a small, fast 32-bit PRNG. Good enough to vary simulated events, not for
 * secrets.
 * @param seed any integer (taken modulo 2^32)
 * @returns a {@link Random} that gives the same sequence for the same seed
 */
export function createSeededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * FNV-1a hash of a text, as a number in [0, 1). Used where a value must follow from a
 * name (a device's scene, its status in a time slot) without keeping state.
 */
export function hashUnit(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 4294967296;
}

/**
 * One item of a non-empty list, chosen with `random`.
 * @throws RangeError when the list is empty
 */
export function pick<T>(items: readonly T[], random: Random): T {
  if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))] as T;
}

/**
 * One item, chosen in proportion to `weight(item)` (non-negative).
 * @throws RangeError when the list is empty or every weight is zero
 */
export function pickWeighted<T>(items: readonly T[], weight: (item: T) => number, random: Random): T {
  const total = items.reduce((sum, item) => sum + Math.max(0, weight(item)), 0);
  if (total <= 0) throw new RangeError('Cannot pick from a list without positive weights');
  let left = random() * total;
  for (const item of items) {
    left -= Math.max(0, weight(item));
    if (left < 0) return item;
  }
  return items[items.length - 1] as T;
}
