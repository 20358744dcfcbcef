import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { FileStore } from '../files/fileStore';
import { createAlerts } from '../alerts/repository';
import { notifyOrganizationUsersOfAlerts } from '../notifications/repository';
import { isAlertEventType } from '../vortex/eventTypes';
import type { ParsedVortexEvent } from '../vortex/payload';
import { eventThumbnailKey, type IngestResult } from './ingest';
import { findDevicesForEvents, findEventByDelivery, insertEventsOnce, type MappedDevice } from './repository';

/** One validated delivery for an organization. */
export interface IngestItem {
  organizationId: string;
  parsed: ParsedVortexEvent;
}

/** Indexes of `items` by organization, in order. */
function byOrganization(items: readonly IngestItem[], indexes: readonly number[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const i of indexes) {
    const organizationId = (items[i] as IngestItem).organizationId;
    groups.set(organizationId, [...(groups.get(organizationId) ?? []), i]);
  }
  return groups;
}

/**
 * Stores many validated deliveries in one transaction, doing exactly what
 * {@link import('./ingest').ingestVortexEvent} does for each (device match by VORTEX id
 * then MAC, the event once per delivery, an alert and its notifications for Intrusion,
 * Line crossing and Tampering), with a fixed number of statements whatever their count:
 * the devices of each organization, the events, the alerts, the notifications of each
 * organization. A delivery repeated in the batch, or stored before, is a duplicate.
 * Thumbnails are written first and removed again for duplicates or when the transaction fails.
 * @returns one result per item, in order
 * @throws whatever the database or file store throws; nothing is left stored then.
 */
export async function ingestVortexEvents(deps: { db: Db; files: FileStore }, items: readonly IngestItem[]): Promise<IngestResult[]> {
  const prepared = items.map(({ organizationId, parsed }) => {
    const id = randomUUID();
    const thumbnailKey = parsed.thumbnail ? eventThumbnailKey(organizationId, id, parsed.thumbnail.contentType) : null;
    return { organizationId, parsed, id, thumbnailKey };
  });
  type Prepared = (typeof prepared)[number];
  const at = (i: number) => prepared[i] as Prepared;
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

  let results: IngestResult[];
  try {
    results = await deps.db.transaction(async (tx) => {
      const devices: (MappedDevice | null)[] = new Array(prepared.length).fill(null);
      for (const [organizationId, indexes] of byOrganization(prepared, prepared.map((_, i) => i))) {
        const found = await findDevicesForEvents(tx, organizationId, indexes.map((i) => ({ deviceId: at(i).parsed.deviceId, mac: at(i).parsed.mac })));
        indexes.forEach((i, k) => (devices[i] = found[k] ?? null));
      }
      const keyOf = (p: Prepared) => ({ organizationId: p.organizationId, vortexEventId: p.parsed.eventId, deviceId: p.parsed.deviceId, localTime: p.parsed.occurredAt });
      const inserted = await insertEventsOnce(
        tx,
        prepared.map((p, i) => ({
          ...keyOf(p),
          id: p.id,
          deviceName: p.parsed.deviceName,
          deviceMac: p.parsed.mac,
          mappedDevicePk: devices[i]?.pk ?? null,
          eventType: p.parsed.eventType,
          eventName: p.parsed.eventName,
          thumbnailKey: p.thumbnailKey,
          raw: p.parsed.raw,
        })),
      );
      const rowsById = new Map(inserted.map((row) => [row.id, row]));
      const out: IngestResult[] = [];
      const alerting: number[] = [];
      for (const [i, p] of prepared.entries()) {
        const row = rowsById.get(p.id);
        if (!row) {
          const existing = await findEventByDelivery(tx, keyOf(p));
          if (!existing) throw new Error('event conflicted but is not stored');
          out.push({ event: existing, duplicate: true, alertId: null });
          continue;
        }
        out.push({ event: { event: row, device: devices[i] ?? null, alert: null }, duplicate: false, alertId: null });
        if (isAlertEventType(p.parsed.eventType)) alerting.push(i);
      }
      const alertRows = await createAlerts(tx, alerting.map((i) => ({ organizationId: at(i).organizationId, eventId: at(i).id })));
      alerting.forEach((i, k) => {
        const alert = alertRows[k];
        const result = out[i];
        if (!alert || !result) throw new Error('alert rows do not match the events');
        result.event.alert = { id: alert.id, resolved: alert.resolved };
        result.alertId = alert.id;
      });
      for (const [organizationId, indexes] of byOrganization(prepared, alerting)) {
        await notifyOrganizationUsersOfAlerts(
          tx,
          organizationId,
          indexes.map((i) => {
            const { parsed } = at(i);
            const deviceName = parsed.deviceName ?? devices[i]?.name ?? parsed.deviceId;
            return { alertId: out[i]?.alertId as string, title: `${parsed.eventType} on ${deviceName}`, body: parsed.eventName };
          }),
        );
      }
      return out;
    });
  } catch (error) {
    await removeThumbnails(prepared);
    throw error;
  }
  await removeThumbnails(prepared.filter((_, i) => results[i]?.duplicate));
  return results;
}
