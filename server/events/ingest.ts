import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { FileStore } from '../files/fileStore';
import { createAlert } from '../alerts/repository';
import { notifyOrganizationUsers } from '../notifications/repository';
import { isAlertEventType } from '../vortex/eventTypes';
import type { ParsedVortexEvent } from '../vortex/payload';
import { findDeviceForEvent, findEventByDelivery, insertEventOnce, type EventWithDevice } from './repository';

/** What storing one webhook delivery did. */
export interface IngestResult {
  event: EventWithDevice;
  /** True when this delivery was stored before: nothing new was created. */
  duplicate: boolean;
  /** The alert raised (Intrusion, Line crossing, Tampering), else null. */
  alertId: string | null;
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** FileStore key of an event's inline thumbnail: `orgs/<org>/events/<event id>.jpg`. */
export const eventThumbnailKey = (organizationId: string, eventId: string, contentType: keyof typeof EXTENSIONS) =>
  `orgs/${organizationId}/events/${eventId}.${EXTENSIONS[contentType]}`;

/**
 * Stores one validated VORTEX delivery for an organization (DESIGN.md "Real time", step 2):
 * matches the device by VORTEX id, else MAC (unknown devices are kept with no match),
 * inserts the event once per (event id, device id, event time), and for Intrusion, Line
 * crossing and Tampering raises an alert with a notification for each user of the
 * organization, all in one transaction. The thumbnail is written before the row and
 * removed again when the transaction fails or the delivery is a repeat, so no file
 * outlives its row and no row points to a missing file.
 * @throws whatever the database or file store throws; nothing is left stored then.
 */
export async function ingestVortexEvent(deps: { db: Db; files: FileStore }, organizationId: string, parsed: ParsedVortexEvent): Promise<IngestResult> {
  const id = randomUUID();
  const thumbnailKey = parsed.thumbnail ? eventThumbnailKey(organizationId, id, parsed.thumbnail.contentType) : null;
  if (parsed.thumbnail && thumbnailKey) await deps.files.put(thumbnailKey, parsed.thumbnail.data, parsed.thumbnail.contentType);
  const removeThumbnail = async () => {
    if (thumbnailKey) await deps.files.delete(thumbnailKey);
  };
  let result: IngestResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      const device = (await findDeviceForEvent(tx, organizationId, parsed.deviceId, parsed.mac)) ?? null;
      const key = { organizationId, vortexEventId: parsed.eventId, deviceId: parsed.deviceId, localTime: parsed.occurredAt };
      const row = await insertEventOnce(tx, {
        ...key,
        id,
        deviceName: parsed.deviceName,
        deviceMac: parsed.mac,
        mappedDevicePk: device?.pk ?? null,
        eventType: parsed.eventType,
        eventName: parsed.eventName,
        thumbnailKey,
        raw: parsed.raw,
      });
      if (!row) {
        const existing = await findEventByDelivery(tx, key);
        if (!existing) throw new Error('event conflicted but is not stored');
        return { event: existing, duplicate: true, alertId: null };
      }
      if (!isAlertEventType(parsed.eventType)) return { event: { event: row, device, alert: null }, duplicate: false, alertId: null };
      const alert = await createAlert(tx, { organizationId, eventId: row.id });
      const event = { event: row, device, alert: { id: alert.id, resolved: alert.resolved } };
      const deviceName = parsed.deviceName ?? device?.name ?? parsed.deviceId;
      await notifyOrganizationUsers(tx, { organizationId, alertId: alert.id, title: `${parsed.eventType} on ${deviceName}`, body: parsed.eventName });
      return { event, duplicate: false, alertId: alert.id };
    });
  } catch (error) {
    // The database error is what the caller must see; a failed clean-up only leaves an unreferenced file.
    await removeThumbnail().catch(() => undefined);
    throw error;
  }
  if (result.duplicate) await removeThumbnail();
  return result;
}
