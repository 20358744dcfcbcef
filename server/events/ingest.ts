import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { FileStore } from '../files/fileStore';
import { isAlertEventType } from '../vortex/eventTypes';
import type { ParsedVortexEvent } from '../vortex/payload';
import { findEventByDelivery, type EventRow, type EventWithDevice } from './repository';
import { DurabilityUnknownError, storeDeliveries, type StoreOptions } from './storeDeliveries';

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
 * organization, all in one statement. It is {@link ingestVortexEvents} for one delivery,
 * so a delivery alone and one in a batch are stored by the same code.
 * @throws whatever the database or file store throws; nothing is left stored then.
 */
export async function ingestVortexEvent(deps: { db: Db; files: FileStore }, organizationId: string, parsed: ParsedVortexEvent, options: StoreOptions = {}): Promise<IngestResult> {
  const [result] = await ingestVortexEvents(deps, [{ organizationId, parsed }], options);
  if (!result) throw new Error('ingest returned no result');
  return result;
}

/** One validated delivery for an organization. */
export interface IngestItem {
  organizationId: string;
  parsed: ParsedVortexEvent;
}

/**
 * Stores many validated deliveries at once (DESIGN.md "Real time", step 2), each as it
 * would be alone: the device matched by VORTEX id then MAC, the event once per
 * (event id, device id, event time), and for Intrusion, Line crossing and Tampering an
 * alert with a notification for each user of the organization. The rows are written by
 * one SQL statement ({@link storeDeliveries}), so they are all stored or none is. A
 * delivery repeated in the batch, or stored before, is a duplicate answered with the
 * stored event. Thumbnails are written first and removed again for duplicates or when the
 * statement fails, so no file outlives its row and no row points to a missing file.
 * With `options.notifyChannel` the statement also NOTIFYs each new event's bus message
 * ({@link storeDeliveries}).
 * @returns one result per item, in order
 * @throws whatever the database or file store throws; nothing is left stored then.
 */
export async function ingestVortexEvents(deps: { db: Db; files: FileStore }, items: readonly IngestItem[], options: StoreOptions = {}): Promise<IngestResult[]> {
  const prepared = items.map(({ organizationId, parsed }) => {
    const id = randomUUID();
    const thumbnailKey = parsed.thumbnail ? eventThumbnailKey(organizationId, id, parsed.thumbnail.contentType) : null;
    return { organizationId, parsed, id, thumbnailKey };
  });
  const removeThumbnails = async (which: typeof prepared) => {
    await Promise.all(which.map(async (p) => (p.thumbnailKey ? deps.files.delete(p.thumbnailKey).catch(() => undefined) : undefined)));
  };
  const written = await Promise.allSettled(
    prepared.map(async ({ parsed, thumbnailKey }) => {
      if (parsed.thumbnail && thumbnailKey) await deps.files.put(thumbnailKey, parsed.thumbnail.data, parsed.thumbnail.contentType);
    }),
  );
  const failedWrite = written.find((w): w is PromiseRejectedResult => w.status === 'rejected');
  if (failedWrite) {
    await removeThumbnails(prepared);
    throw failedWrite.reason;
  }

  let stored: Awaited<ReturnType<typeof storeDeliveries>>;
  try {
    stored = await storeDeliveries(
      deps.db,
      prepared.map(({ organizationId, parsed, id, thumbnailKey }) => ({
        id,
        organizationId,
        vortexEventId: parsed.eventId,
        deviceId: parsed.deviceId,
        deviceName: parsed.deviceName,
        deviceMac: parsed.mac,
        eventType: parsed.eventType,
        eventName: parsed.eventName,
        localTime: parsed.occurredAt,
        thumbnailKey,
        raw: parsed.raw,
        alerting: isAlertEventType(parsed.eventType),
      })),
      options,
    );
  } catch (error) {
    // Rows that were stored (only their durability is unknown) keep their thumbnails.
    if (!(error instanceof DurabilityUnknownError)) await removeThumbnails(prepared);
    throw error;
  }
  const duplicates = prepared.filter((p) => !stored.has(p.id));
  try {
    const results: IngestResult[] = [];
    for (const p of prepared) {
      const row = stored.get(p.id);
      if (row) {
        const event: EventRow = {
          id: p.id,
          organizationId: p.organizationId,
          vortexEventId: p.parsed.eventId,
          deviceId: p.parsed.deviceId,
          deviceName: p.parsed.deviceName,
          deviceMac: p.parsed.mac,
          mappedDevicePk: row.device?.pk ?? null,
          eventType: p.parsed.eventType,
          eventName: p.parsed.eventName,
          localTime: p.parsed.occurredAt,
          receivedAt: row.receivedAt,
          thumbnailKey: p.thumbnailKey,
          raw: p.parsed.raw,
        };
        results.push({ event: { event, device: row.device, alert: row.alert }, duplicate: false, alertId: row.alert?.id ?? null });
        continue;
      }
      // Rare (a VORTEX retry): the stored event is read back, after the statement committed.
      const key = { organizationId: p.organizationId, vortexEventId: p.parsed.eventId, deviceId: p.parsed.deviceId, localTime: p.parsed.occurredAt };
      const existing = await findEventByDelivery(deps.db, key);
      if (!existing) throw new Error('event conflicted but is not stored');
      results.push({ event: existing, duplicate: true, alertId: null });
    }
    return results;
  } finally {
    await removeThumbnails(duplicates);
  }
}
