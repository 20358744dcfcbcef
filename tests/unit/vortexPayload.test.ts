import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../server/http/problem';
import { validatorCompiler } from '../../server/http/validator';
import {
  MAX_THUMBNAIL_BYTES,
  NOT_JSON_DETAIL,
  VortexPayloadError,
  VortexWebhookBody,
  normaliseMac,
  parseVortexWebhook,
  type ParsedVortexEvent,
} from '../../server/vortex/payload';

const SAMPLES_DIR = path.resolve('../shared/data/vortex');
const sampleFiles = readdirSync(SAMPLES_DIR).filter((name) => name.endsWith('.json')).sort();
const sample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(SAMPLES_DIR, name), 'utf8')) as Record<string, unknown>;
/** An hour, the Amsterdam winter offset (CET, UTC+1) in November 2025, in seconds. */
const CET = 3600;

/** Calls `parseVortexWebhook` expecting a refusal; returns the error. */
function refusal(body: unknown): VortexPayloadError {
  try {
    parseVortexWebhook(body);
  } catch (error) {
    expect(error).toBeInstanceOf(VortexPayloadError);
    return error as VortexPayloadError;
  }
  return expect.unreachable('parseVortexWebhook accepted the body');
}

const base = () => sample('intrusion.json');
const without = (body: Record<string, unknown>, ...keys: string[]) => Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));
const onlyLocalTime = (localTime: unknown, timezone: unknown = 'Europe/Amsterdam') => ({
  ...without(base(), 'utcTime', 'utcISOTime', 'localISOTime'),
  localTime,
  timezone,
});

type Expected = Pick<ParsedVortexEvent, 'eventType' | 'rawEventType' | 'mac' | 'timeSource'> & { occurredAtSeconds: number };

const EXPECTED: Record<string, Expected> = {
  'audio.json': { eventType: 'Audio', rawEventType: 'Audio Detection', mac: '00:02:D1:D0:0D:01', timeSource: 'localTime', occurredAtSeconds: 1763723060 - CET },
  'custom-think-alert.json': { eventType: 'Think Alert', rawEventType: 'Think Alert', mac: null, timeSource: 'localTime', occurredAtSeconds: 1763723120 - CET },
  'intrusion.json': { eventType: 'Intrusion', rawEventType: 'Intrusion Detection', mac: '00:02:D1:A4:C7:F1', timeSource: 'utcTime', occurredAtSeconds: 1763719205 },
  'line-crossing.json': { eventType: 'Line crossing', rawEventType: 'Line Crossing', mac: '00:02:D1:B8:E2:03', timeSource: 'localISOTime', occurredAtSeconds: Date.parse('2025-11-21T10:01:01Z') / 1000 },
  'milliseconds-localtime.json': { eventType: 'Intrusion', rawEventType: 'Intrusion Detection', mac: null, timeSource: 'localTime', occurredAtSeconds: 1763723180.123 - CET },
  'tampering.json': { eventType: 'Tampering', rawEventType: 'Tamper Detection', mac: '00:02:D1:A4:C7:F1', timeSource: 'localTime', occurredAtSeconds: 1763723000 - CET },
  'unknown-device.json': { eventType: 'Video motion', rawEventType: 'Motion Detection', mac: null, timeSource: 'localTime', occurredAtSeconds: 1763723240 - CET },
  'video-motion.json': { eventType: 'Video motion', rawEventType: 'Motion Detection', mac: '00:02:D1:C0:FF:EE', timeSource: 'localTime', occurredAtSeconds: 1763722900 - CET },
  'with-thumbnail.json': { eventType: 'Intrusion', rawEventType: 'Intrusion Detection', mac: '00:02:D1:A4:C7:F1', timeSource: 'utcTime', occurredAtSeconds: 1763719205 },
};

describe('parseVortexWebhook on every sample in data/vortex', () => {
  it('has an expectation for every sample file', () => {
    expect(sampleFiles.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(EXPECTED).sort()).toEqual(sampleFiles);
  });

  it.each(sampleFiles)('%s parses to its ids, mapped type, MAC and true instant', (file) => {
    const body = sample(file);
    const event = parseVortexWebhook(body);
    const expected = EXPECTED[file]!;
    expect(event).toMatchObject({
      eventId: body.eventId,
      deviceId: body.deviceId,
      eventName: body.eventName,
      deviceName: body.deviceName,
      deviceGroupId: body.deviceGroupId,
      deviceGroupName: body.deviceGroupName,
      organizationId: body.organizationId,
      organizationName: body.organizationName,
      timezone: 'Europe/Amsterdam',
      eventType: expected.eventType,
      rawEventType: expected.rawEventType,
      mac: expected.mac,
      timeSource: expected.timeSource,
    });
    expect(event.occurredAt.getTime()).toBe(Math.round(expected.occurredAtSeconds * 1000));
    expect(event.raw).toEqual(body);
    expect(event.thumbnail === null).toBe(file !== 'with-thumbnail.json');
  });

  it('with-thumbnail.json carries a real 1 x 1 JPEG', async () => {
    const { thumbnail } = parseVortexWebhook(sample('with-thumbnail.json'));
    expect(thumbnail?.contentType).toBe('image/jpeg');
    const metadata = await sharp(thumbnail!.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
  });

  it('agrees with utcTime when only the camera-local fields are left (localTime is wall clock in the zone)', () => {
    const full = parseVortexWebhook(base());
    expect(full.occurredAt.toISOString()).toBe('2025-11-21T10:00:05.000Z');
    expect(parseVortexWebhook(without(base(), 'utcTime')).timeSource).toBe('utcISOTime');
    const fromLocalIso = parseVortexWebhook(without(base(), 'utcTime', 'utcISOTime'));
    expect(fromLocalIso.timeSource).toBe('localISOTime');
    const fromLocal = parseVortexWebhook(without(base(), 'utcTime', 'utcISOTime', 'localISOTime'));
    expect(fromLocal.timeSource).toBe('localTime');
    for (const event of [fromLocalIso, fromLocal]) expect(event.occurredAt.getTime()).toBe(full.occurredAt.getTime());
  });

  it('the plain-text sample is refused with 415 and a detail that points to the JSON template', () => {
    const text = readFileSync(path.join(SAMPLES_DIR, 'plain-text.txt'), 'utf8');
    const error = refusal(text);
    expect(error.status).toBe(415);
    expect(error.detail).toBe(NOT_JSON_DETAIL);
    expect(error.detail).toContain('JSON');
    expect(error.detail).toContain('template');
    expect(refusal(Buffer.from(text)).status).toBe(415);
  });
});

describe('parseVortexWebhook time fields', () => {
  it('reads localTime in seconds, milliseconds, numeric text and ISO forms', () => {
    const instant = Date.parse('2025-11-21T10:00:05Z');
    const wall = instant / 1000 + CET;
    for (const localTime of [wall, wall * 1000, String(wall), '2025-11-21T11:00:05', '2025-11-21T11:00:05+01:00', '2025-11-21T10:00:05Z', '2025-11-21 10:00:05Z']) {
      expect(parseVortexWebhook(onlyLocalTime(localTime)).occurredAt.getTime(), String(localTime)).toBe(instant);
    }
  });

  it('uses the offset in force in summer and on both sides of the October change', () => {
    const at = (iso: string) => parseVortexWebhook(onlyLocalTime(Date.parse(`${iso}Z`) / 1000)).occurredAt.toISOString();
    expect(at('2025-07-01T12:00:00')).toBe('2025-07-01T10:00:00.000Z');
    expect(at('2025-10-26T01:30:00')).toBe('2025-10-25T23:30:00.000Z');
    expect(at('2025-10-26T03:30:00')).toBe('2025-10-26T02:30:00.000Z');
    expect(parseVortexWebhook(onlyLocalTime(1763722805, 'America/New_York')).occurredAt.toISOString()).toBe('2025-11-21T16:00:05.000Z');
  });

  it('reads bare offsets as zones, and takes the wall clock as UTC when the zone is unknown or missing', () => {
    const wall = 1763722805;
    expect(parseVortexWebhook(onlyLocalTime(wall, 'UTC+1')).occurredAt.getTime()).toBe((wall - 3600) * 1000);
    expect(parseVortexWebhook(onlyLocalTime(wall, 'GMT-05:30')).occurredAt.getTime()).toBe((wall + 5.5 * 3600) * 1000);
    expect(parseVortexWebhook(onlyLocalTime(wall, 'Mars/Olympus_Mons')).occurredAt.getTime()).toBe(wall * 1000);
    expect(parseVortexWebhook(without(onlyLocalTime(wall), 'timezone')).occurredAt.getTime()).toBe(wall * 1000);
  });

  it.each([['yesterday'], ['2025-02-30T10:00:00Z'], ['2025-13-01T10:00:00Z'], ['2025-11-21T25:00:00Z'], ['2025-11-21'], [-5], [0], [{ seconds: 1 }], [true], ['1763722805abc']])(
    'refuses localTime %j, naming the field',
    (localTime) => {
      const error = refusal(onlyLocalTime(localTime));
      expect(error.field).toBe('localTime');
      expect(error.status).toBe(400);
      expect(error.detail).toMatch(/^localTime must be a Unix time in seconds or milliseconds, or an ISO 8601 date and time/);
    },
  );

  it('reports a broken localTime even when utcTime is good', () => {
    expect(refusal({ ...base(), localTime: 'yesterday' }).field).toBe('localTime');
  });

  it('reports a broken utcTime by name', () => {
    const error = refusal({ ...base(), utcTime: 'noon' });
    expect(error.field).toBe('utcTime');
    expect(error.detail).toContain('utcTime must be');
  });

  it('requires some time, pointing to the template variable', () => {
    const error = refusal(without(base(), 'localTime', 'utcTime', 'utcISOTime', 'localISOTime'));
    expect(error.field).toBe('localTime');
    expect(error.detail).toContain('{{.LocalTime}}');
    expect(refusal({ ...onlyLocalTime(''), utcTime: '<no value>' }).field).toBe('localTime');
  });
});

describe('parseVortexWebhook required fields', () => {
  it.each([['eventId'], ['deviceId'], ['eventType']])('refuses a body without %s, naming it', (field) => {
    for (const body of [without(base(), field), { ...base(), [field]: '' }, { ...base(), [field]: '  ' }, { ...base(), [field]: '<no value>' }, { ...base(), [field]: null }]) {
      const error = refusal(body);
      expect(error.field).toBe(field);
      expect(error.status).toBe(400);
      expect(error.detail).toMatch(new RegExp(`^${field} is required`));
      expect(error.toJSON()).toMatchObject({ status: 400, detail: error.detail, errors: [{ field, message: error.detail }] });
    }
  });

  it('accepts numeric ids and trims text ids', () => {
    const event = parseVortexWebhook({ ...base(), eventId: 98765, deviceId: ' 0002D1A4C7F1 ' });
    expect(event.eventId).toBe('98765');
    expect(event.deviceId).toBe('0002D1A4C7F1');
  });

  it('refuses ids of the wrong kind or too long', () => {
    expect(refusal({ ...base(), eventId: { id: 1 } }).detail).toBe('eventId must be text');
    expect(refusal({ ...base(), deviceId: ['a'] }).field).toBe('deviceId');
    expect(refusal({ ...base(), eventId: 'e'.repeat(256) }).detail).toBe('eventId must be at most 255 characters');
    expect(refusal({ ...base(), deviceName: { name: 'x' } }).field).toBe('deviceName');
  });

  it('falls back to the raw event type for a missing eventName and to null for other optional text', () => {
    const event = parseVortexWebhook(without(base(), 'eventName', 'deviceName', 'organizationName', 'deviceGroupId', 'mac'));
    expect(event).toMatchObject({ eventName: 'Intrusion Detection', deviceName: null, organizationName: null, deviceGroupId: null, mac: null });
  });

  it.each([[null], [[]], [42], [true], [undefined]])('refuses a body that is not a JSON object: %j', (body) => {
    const error = refusal(body);
    expect(error.status).toBe(400);
    expect(error.detail).toContain('must be a JSON object');
  });

  it('is an HttpProblem a route can throw as is', () => {
    expect(refusal({})).toBeInstanceOf(HttpProblem);
  });
});

describe('MAC addresses', () => {
  it.each([['00:02:D1:A4:C7:F1'], ['00-02-d1-a4-c7-f1'], ['0002d1a4c7f1'], ['0002.D1A4.C7F1'], [' 00:02:d1:a4:c7:f1 ']])('normalises %j', (mac) => {
    expect(normaliseMac(mac.trim())).toBe('00:02:D1:A4:C7:F1');
    expect(parseVortexWebhook({ ...base(), mac }).mac).toBe('00:02:D1:A4:C7:F1');
  });

  it.each([['not-a-mac'], ['00:02:D1:A4:C7'], ['00:02:D1:A4:C7:F1:00'], ['GG:02:D1:A4:C7:F1']])('ignores the unreadable MAC %j (device id is the first match)', (mac) => {
    expect(normaliseMac(mac)).toBeNull();
    expect(parseVortexWebhook({ ...base(), mac }).mac).toBeNull();
  });
});

describe('thumbnails', () => {
  const jpeg = () => parseVortexWebhook(sample('with-thumbnail.json')).thumbnail!.data;

  it('takes plain base64 as well as a data URL', () => {
    const event = parseVortexWebhook({ ...base(), thumbnail: jpeg().toString('base64') });
    expect(event.thumbnail?.contentType).toBe('image/jpeg');
    expect(event.thumbnail?.data.equals(jpeg())).toBe(true);
  });

  it('reads a PNG by its bytes', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const event = parseVortexWebhook({ ...base(), thumbnail: `data:image/png;base64,${png.toString('base64')}` });
    expect(event.thumbnail).toEqual({ data: png, contentType: 'image/png' });
  });

  it('treats an empty thumbnail as none', () => {
    expect(parseVortexWebhook({ ...base(), thumbnail: '' }).thumbnail).toBeNull();
  });

  it.each([
    ['not base64', 'this is not base64!'],
    ['base64 text, not an image', Buffer.from('hello world, not a picture').toString('base64')],
    ['a non-image data URL', `data:text/html;base64,${Buffer.from('<p>hi</p>').toString('base64')}`],
    ['a data URL without base64', 'data:image/jpeg,abcd'],
    ['a number', 12345],
  ])('refuses %s, naming the field', (_label, thumbnail) => {
    const error = refusal({ ...base(), thumbnail });
    expect(error.field).toBe('thumbnail');
    expect(error.detail).toContain('thumbnail must be a base64 JPEG, PNG or WebP image');
  });

  it(`refuses a thumbnail over ${MAX_THUMBNAIL_BYTES / 1024} KiB`, () => {
    const big = Buffer.concat([jpeg(), Buffer.alloc(MAX_THUMBNAIL_BYTES)]);
    const error = refusal({ ...base(), thumbnail: big.toString('base64') });
    expect(error.field).toBe('thumbnail');
    expect(error.detail).toBe('thumbnail must be at most 48 KiB once decoded');
  });
});

describe('VortexWebhookBody schema', () => {
  const validate = validatorCompiler()({ schema: VortexWebhookBody, httpPart: 'body', method: 'POST', url: '/v1/vortex/webhooks/:connectionId' }) as (body: unknown) => boolean;

  it.each(sampleFiles)('accepts %s (extra keys allowed)', (file) => {
    expect(validate({ ...sample(file), alarmId: 'a-1', profileName: 'Floorwatch' })).toBe(true);
  });

  it('refuses bodies without the required keys or with a non-scalar id', () => {
    expect(validate(without(base(), 'eventId'))).toBe(false);
    expect(validate(without(base(), 'deviceId'))).toBe(false);
    expect(validate({ ...base(), deviceId: { id: 1 } })).toBe(false);
  });
});
