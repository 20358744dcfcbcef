import type { Readable } from 'node:stream';
import { findEventThumbnailKey } from '../events/repository';
import type { FileStore } from '../files/fileStore';
import { HttpProblem, notFound } from '../http/problem';
import { VortexConnectorError } from '../vortex/connector';
import { connectorProblem, organizationConnector, type VortexDeps } from '../vortex/service';
import { findDevice } from './repository';

/** SPEC.md section 4: only these types give snapshots. */
export const SNAPSHOT_DEVICE_TYPES: ReadonlySet<string> = new Set(['CAMERA', 'NVR_CAMERA']);

/**
 * Snapshots are cached privately for 300 s, the browser cache's own max age (SPEC.md
 * section 9): an event's image never changes, and a live one may be that old.
 */
export const SNAPSHOT_CACHE_CONTROL = 'private, max-age=300';

/** An image to send: its bytes (or a stream of them), length in bytes and content type. */
export interface SnapshotImage {
  body: Buffer | Readable;
  size: number;
  /** image/jpeg, image/png or image/webp, read from the bytes or the stored key. */
  contentType: string;
}

const TYPES_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The content type of a stored event thumbnail, read from its key's extension (see `eventThumbnailKey`). */
function thumbnailType(key: string): string | undefined {
  return TYPES_BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1)];
}

/**
 * `GET /v1/devices/{id}/snapshot[?timestamp=<s>]`: a camera's image. With `timestamp`
 * (Unix seconds, an event's `local_time`), the thumbnail VORTEX sent with an event of
 * that device at that second is served when one is stored, without asking VORTEX;
 * otherwise VORTEX's connector gives the image nearest that time, or the live image.
 * @throws HttpProblem 404 for a device the organization lacks, or when VORTEX has no
 *   image; 422 for a device that is not a camera, or when VORTEX is not set up; 502 when
 *   VORTEX fails
 */
export async function deviceSnapshot(deps: VortexDeps & { files: FileStore }, organizationId: string, deviceId: string, timestamp: number | undefined): Promise<SnapshotImage> {
  const device = await findDevice(deps.db, organizationId, deviceId);
  if (!device) throw notFound('Device');
  if (!SNAPSHOT_DEVICE_TYPES.has(device.type)) {
    throw new HttpProblem(422, `Snapshots are for cameras only (CAMERA, NVR_CAMERA); ${device.name} is of type ${device.type}`);
  }
  if (timestamp !== undefined) {
    const key = await findEventThumbnailKey(deps.db, organizationId, { pk: device.id, deviceId: device.deviceId }, timestamp);
    const contentType = key === undefined ? undefined : thumbnailType(key);
    // A thumbnail whose file is gone (removed by hand, or by retention meanwhile) falls back to VORTEX.
    const stored = key !== undefined && contentType !== undefined ? await deps.files.get(key) : null;
    if (stored && contentType) return { body: stored.stream, size: stored.size, contentType };
  }
  const { connector } = await organizationConnector(deps, organizationId);
  try {
    const image = await connector.getSnapshot(device.deviceId, timestamp);
    return { body: image.data, size: image.data.length, contentType: image.contentType };
  } catch (error) {
    if (error instanceof VortexConnectorError && error.kind === 'not-found') {
      const when = timestamp === undefined ? 'now' : `at ${new Date(timestamp * 1000).toISOString()}`;
      throw new HttpProblem(404, `VORTEX has no image of ${device.name} ${when} (the camera may have been offline, or the recording is gone)`);
    }
    throw connectorProblem(error);
  }
}
