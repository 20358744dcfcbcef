import { createContext } from 'react';

/**
 * What the scene may know about a plan beyond the image URL it is given: the original's
 * natural size and how to load the original when zooming in past the display version's
 * detail. The screen provides it (around `FloorScene`) because the scene knows no API;
 * without it, the image given is the whole plan.
 */
export interface PlanVariants {
  /** The `FloorScene` `imageUrl` (display version) these facts belong to; for any other URL they are ignored. */
  readonly forUrl: string;
  /** The original's natural size, px: the scene's plan px, which percent positions refer to. */
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  /**
   * The bytes of the image at `forUrl`, when the screen has them: the scene decodes and
   * scales them to the first view's size off the main thread (see `prescalePlan`).
   */
  readonly displayBlob?: Blob | null;
  /**
   * Fetches the original (e.g. with the bearer header); null when the display image is
   * the original. Called at most once per plan; it should honour the signal.
   */
  readonly loadOriginal: ((signal: AbortSignal) => Promise<Blob>) | null;
}

/** Provided by the screen around `FloorScene`; read by `usePlanImage`. */
export const PlanVariantsContext = createContext<PlanVariants | null>(null);
