import { useSyncExternalStore } from 'react';

/** SPEC.md section 9: below this width (px) the layout is mobile. */
export const MOBILE_BREAKPOINT_PX = 768;
const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isMobileNow = () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

/** True while the viewport is narrower than 768 px. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
