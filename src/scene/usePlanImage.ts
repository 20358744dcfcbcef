import { useEffect, useState } from 'react';

/** The loaded floor plan image, or null while loading, on error, or without a URL. */
export interface PlanImage {
  readonly image: HTMLImageElement | null;
  /** `'idle'` without a URL. */
  readonly status: 'idle' | 'loading' | 'loaded' | 'error';
}

interface Loaded {
  readonly url: string;
  readonly image: HTMLImageElement | null;
  readonly failed: boolean;
}

/**
 * Loads `url` (an object URL or same-origin URL, so no `crossOrigin` is needed) into an
 * `HTMLImageElement`. The result belongs to the URL it was loaded for: when `url` changes
 * the previous image is dropped at once rather than shown under the new floor's devices.
 */
export function usePlanImage(url: string | null): PlanImage {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (url === null) return;
    const image = new window.Image();
    let current = true;
    image.onload = () => {
      if (current) setLoaded({ url, image, failed: false });
    };
    image.onerror = () => {
      if (current) setLoaded({ url, image: null, failed: true });
    };
    image.src = url;
    return () => {
      // A late load of a URL we left must not replace the current one.
      current = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);

  if (url === null) return { image: null, status: 'idle' };
  if (loaded === null || loaded.url !== url) return { image: null, status: 'loading' };
  return loaded.failed ? { image: null, status: 'error' } : { image: loaded.image, status: 'loaded' };
}
