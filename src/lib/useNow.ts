import { useEffect, useState } from 'react';

/** How often relative times ('Nm ago', SPEC.md section 9) are redrawn, ms. */
export const NOW_TICK_MS = 30_000;

/**
 * The current time in ms since epoch, re-rendering the caller every `tickMs` (default
 * 30 000 ms) so relative time labels stay true while a list sits on screen.
 */
export function useNow(tickMs: number = NOW_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
