/**
 * A clock tests move by hand, for `build(kind, env, { accountsClock: clock.now })`: link
 * expiry and throttle windows are checked without waiting. Starts at the real time.
 */
export function fakeClock() {
  let ms = Date.now();
  return {
    now: () => new Date(ms),
    /** Moves the clock forward by `byMs` milliseconds. */
    advance(byMs: number) {
      ms += byMs;
    },
  };
}
