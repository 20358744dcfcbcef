/**
 * Device snapshots (SPEC.md section 7 "Devices"): `GET /v1/devices/{id}/snapshot` with an
 * optional `timestamp` in Unix seconds; the answer is the image itself. Event snapshots
 * pass the event's time, so the server can serve the thumbnail VORTEX sent with it.
 * Callers go through the snapshot cache (`src/lib/snapshotCache`), never here directly.
 */
import { apiFetch } from './client';

/** A Blob, also one made by another realm's `Blob` (fetch's and the page's may differ in tests). */
function isBlob(value: unknown): value is Blob {
  return (
    value instanceof Blob ||
    (typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).size === 'number')
  );
}

/**
 * Fetches one snapshot image.
 * @param deviceId VORTEX device id
 * @param timestampSeconds the event's time in Unix seconds; omitted for the live image
 * @returns the image blob as served (JPEG, PNG or WebP)
 * @throws the ofetch error of a failed call (read it with `problemMessage`), or an Error
 *   when the answer is not an image
 */
export async function fetchSnapshot(deviceId: string, timestampSeconds?: number, signal?: AbortSignal): Promise<Blob> {
  const query = timestampSeconds === undefined ? undefined : { timestamp: Math.floor(timestampSeconds) };
  // No fixed responseType: ofetch then reads an image as a blob and a problem (RFC 9457)
  // as JSON, so a failure keeps its detail for `problemMessage`.
  const body = await apiFetch<unknown>(`/devices/${encodeURIComponent(deviceId)}/snapshot`, {
    query,
    headers: { Accept: 'image/*, application/problem+json' },
    signal,
  });
  if (!isBlob(body)) throw new Error('The snapshot answer was not an image');
  return body;
}
