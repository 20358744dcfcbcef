import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Size of an element's content box in CSS px. */
export interface ElementSize {
  width: number;
  height: number;
}

/**
 * Tracks an element's size with a ResizeObserver (the scene's stage needs explicit px).
 * Returns `fallback` until the first measurement, and where ResizeObserver is missing.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>, fallback: ElementSize): ElementSize {
  const [size, setSize] = useState<ElementSize | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return size && size.width > 0 && size.height > 0 ? size : fallback;
}
