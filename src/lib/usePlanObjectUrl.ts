import { useEffect, useState } from 'react';
import { fetchFloorPlanImage } from '../api/floors';
import { toaster } from './toaster';
import { problemMessage } from '../api/client';

/** The plan image as an object URL, and where its load stands. */
export interface PlanObjectUrl {
  /** `blob:` URL of the fetched plan, null while loading, on error or without a plan. */
  objectUrl: string | null;
  /** The fetched bytes behind `objectUrl` (null whenever it is), e.g. to decode them off the main thread. */
  blob: Blob | null;
  status: 'idle' | 'loading' | 'loaded' | 'error';
}

interface Loaded {
  source: string;
  objectUrl: string | null;
  blob: Blob | null;
}

/**
 * Fetches a floor plan image with the bearer header (an `<img src>` could not send it)
 * and exposes it as an object URL. The URL belongs to `source`: it is revoked, and any
 * request in flight aborted, when `source` changes or the component unmounts.
 * A failed fetch toasts `failureMessage` (or the problem's detail/title).
 *
 * @param source the API path of the plan (`FloorWithImage.image_url`, starting with `/v1`), or null;
 *   any other `/v1` image path works too (a building's map image)
 * @param failureMessage the toast's fallback, 'Failed to load floor' unless given
 */
export function usePlanObjectUrl(source: string | null, failureMessage = 'Failed to load floor'): PlanObjectUrl {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (source === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFloorPlanImage(source, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ source, objectUrl, blob });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toaster.error(problemMessage(error, failureMessage));
        setLoaded({ source, objectUrl: null, blob: null });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [source, failureMessage]);

  if (source === null) return { objectUrl: null, blob: null, status: 'idle' };
  if (loaded === null || loaded.source !== source) return { objectUrl: null, blob: null, status: 'loading' };
  return loaded.objectUrl ? { objectUrl: loaded.objectUrl, blob: loaded.blob, status: 'loaded' } : { objectUrl: null, blob: null, status: 'error' };
}
