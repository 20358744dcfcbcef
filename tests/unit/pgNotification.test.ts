import { describe, expect, it } from 'vitest';
import { decodeNotification, encodeNotification, NOTIFY_PAYLOAD_LIMIT_BYTES } from '../../server/realtime/pgEventBus';
import type { BusMessage } from '../../server/realtime/eventBus';

const message = (deviceName: string): BusMessage => ({
  organizationId: '11111111-1111-4111-8111-111111111111',
  event: {
    id: '6f1c2a4e-8d1b-4c1e-9a55-0b7f3e2d9c10',
    device_id: 'cam-17',
    device_name: deviceName,
    mapped_device_id: null,
    device_mac: null,
    event_type: 'Intrusion',
    event_name: 'Intrusion detected',
    local_time: 1_763_760_000,
    received_at: '2026-11-21T21:20:00.000Z',
    has_snapshot: false,
    alert: null,
  },
});

/** The device name that makes the message's JSON exactly `bytes` long in UTF-8, mostly of `unit` characters. */
function nameForSize(bytes: number, unit: string): string {
  const base = Buffer.byteLength(JSON.stringify(message('')), 'utf8');
  const unitBytes = Buffer.byteLength(unit, 'utf8');
  const count = Math.floor((bytes - base) / unitBytes);
  const name = unit.repeat(count) + 'a'.repeat(bytes - base - count * unitBytes);
  expect(Buffer.byteLength(JSON.stringify(message(name)), 'utf8')).toBe(bytes);
  return name;
}

describe('NOTIFY payloads', () => {
  it('carry the whole message when it fits, and read back to the same message', () => {
    const payload = encodeNotification(message('Lobby'));
    expect(JSON.parse(payload)).toEqual(message('Lobby'));
    expect(decodeNotification(payload)).toEqual({ message: message('Lobby') });
  });

  it('carry the whole message up to 7999 bytes, a reference from 8000 (counted in UTF-8 bytes, not characters)', () => {
    const fits = message(nameForSize(NOTIFY_PAYLOAD_LIMIT_BYTES - 1, 'a'));
    expect(decodeNotification(encodeNotification(fits))).toEqual({ message: fits });

    // 'é' is 2 bytes: 8000 bytes is far fewer than 8000 characters.
    const tooBig = message(nameForSize(NOTIFY_PAYLOAD_LIMIT_BYTES, 'é'));
    expect(JSON.stringify(tooBig).length).toBeLessThan(NOTIFY_PAYLOAD_LIMIT_BYTES);
    const payload = encodeNotification(tooBig);
    expect(Buffer.byteLength(payload, 'utf8')).toBeLessThan(200);
    expect(decodeNotification(payload)).toEqual({ reference: { organizationId: tooBig.organizationId, eventId: tooBig.event.id } });
  });

  it('read anything else as null', () => {
    for (const payload of ['', 'not json', '[]', 'null', '{"event":{"id":"x"}}', '{"organizationId":"o"}', '{"organizationId":"o","event":{}}', '{"organizationId":1,"eventId":"e"}']) {
      expect(decodeNotification(payload), payload).toBeNull();
    }
  });
});
