/**
 * A plan image decoded and scaled to one view's size off the main thread (issue 5 "Weight
 * of the pages"): drawing the 4096 px display version into the plan layer's cache decoded
 * it and downscaled it on the main thread, the floor page's longest task (0.2–0.35 s on a
 * loaded machine). A bitmap already at the cache's size is copied about 1:1 instead.
 */

/** True when this browser can scale a plan in a worker. */
export const canPrescale = (): boolean => typeof Worker !== 'undefined' && typeof createImageBitmap !== 'undefined';

/**
 * Decodes `blob` and scales it to `width` × `height` px in a dedicated worker.
 *
 * @param blob the plan image's bytes (PNG, JPEG, WebP…)
 * @param width bitmap width, px (rounded, at least 1)
 * @param height bitmap height, px (rounded, at least 1)
 * @param signal aborts the wait and ends the worker
 * @returns the bitmap (the caller closes it), or null when the worker could not decode or
 *   start; rejects with the signal's reason once aborted
 */
export function prescalePlan(blob: Blob, width: number, height: number, signal: AbortSignal): Promise<ImageBitmap | null> {
  if (!canPrescale()) return Promise.resolve(null);
  return new Promise<ImageBitmap | null>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./planPrescale.worker.ts', import.meta.url), { type: 'module', name: 'plan-prescale' });
    } catch {
      resolve(null);
      return;
    }
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(signal.reason);
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<ImageBitmap | null>) => {
      end();
      resolve(event.data instanceof ImageBitmap ? event.data : null);
    };
    worker.onerror = () => {
      end();
      resolve(null);
    };
    worker.postMessage({ blob, width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) });
  });
}
