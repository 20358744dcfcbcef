/**
 * Device snapshots (SPEC.md section 7 "Devices"): `GET /v1/devices/{id}/snapshot` with an
 * optional `timestamp` in Unix seconds; the answer is the image itself. Event snapshots
 * pass the event's time, so the server can serve the thumbnail VORTEX sent with it.
 * Callers go through the snapshot cache (`src/lib/snapshotCache`), never here directly.
 */
import { apiFetch } from './client';

/**
 * Fetches one snapshot image.
 * @param deviceId VORTEX device id
 * @param timestampSeconds the event's time in Unix seconds; omitted for the live image
 * @returns the image blob as served (JPEG, PNG or WebP)
 * @throws the ofetch error of a failed call (read it with `problemMessage`)
 */
export function fetchSnapshot(deviceId: string, timestampSeconds?: number, signal?: AbortSignal): Promise<Blob> {
  const query = timestampSeconds === undefined ? undefined : { timestamp: Math.floor(timestampSeconds) };
  return apiFetch(`/devices/${encodeURIComponent(deviceId)}/snapshot`, {
    query,
    responseType: 'blob',
    headers: { Accept: 'image/*' },
    signal,
  });
}
