import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VORTEX_WEBHOOK_SECRET_HEADER, VORTEX_WEBHOOK_TEMPLATE } from '../../src/screens/settings/vortexWebhookTemplate';
import { parseVortexWebhook } from '../../server/vortex/payload';

const SAMPLES_DIR = path.resolve('../shared/data/vortex');
const readme = readFileSync(path.join(SAMPLES_DIR, 'README.md'), 'utf8');
const intrusion = JSON.parse(readFileSync(path.join(SAMPLES_DIR, 'intrusion.json'), 'utf8')) as Record<string, unknown>;

/** The variables VIVOTEK documents, from the README's "Documented variables" section. */
const documented = (() => {
  const section = readme.slice(readme.indexOf('## Documented variables'), readme.indexOf('## VIVOTEK'));
  return new Set([...section.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]));
})();

/** The lines of VIVOTEK's "Example 1" template as the README quotes it. */
const example1 = (() => {
  const start = readme.indexOf('```', readme.indexOf('## VIVOTEK'));
  const end = readme.indexOf('```', start + 3);
  return readme.slice(start + 3, end).trim().split('\n').map((line) => line.trim().replace(/,$/, ''));
})();

const variables = [...VORTEX_WEBHOOK_TEMPLATE.matchAll(/\{\{\.(\w+)\}\}/g)].map((m) => m[1]);

/** The template as VORTEX renders it for the intrusion sample. */
function render(values: Record<string, string | number>): string {
  return VORTEX_WEBHOOK_TEMPLATE.replace(/\{\{\.(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

describe('the recommended VORTEX webhook template', () => {
  it('uses only variables VIVOTEK documents', () => {
    expect(documented.size).toBeGreaterThan(10);
    expect(variables.length).toBeGreaterThan(10);
    for (const name of variables) expect(documented, name).toContain(name);
  });

  it('holds every line of VIVOTEK’s documented Example 1, with localTime unquoted', () => {
    expect(example1.length).toBeGreaterThan(10);
    const lines = VORTEX_WEBHOOK_TEMPLATE.split('\n').map((line) => line.trim().replace(/,$/, ''));
    for (const line of example1) expect(lines).toContain(line);
    expect(VORTEX_WEBHOOK_TEMPLATE).toContain('"localTime": {{.LocalTime}}');
  });

  it('names the X-Webhook-Secret header', () => {
    expect(VORTEX_WEBHOOK_SECRET_HEADER).toBe('X-Webhook-Secret');
  });

  it('renders JSON the webhook receiver takes, with every field it reads', () => {
    const rendered = render({
      OrganizationName: String(intrusion.organizationName),
      OrganizationId: String(intrusion.organizationId),
      EventType: String(intrusion.eventType),
      EventName: String(intrusion.eventName),
      EventId: String(intrusion.eventId),
      DeviceName: String(intrusion.deviceName),
      DeviceId: String(intrusion.deviceId),
      DeviceGroupName: String(intrusion.deviceGroupName),
      DeviceGroupID: String(intrusion.deviceGroupId),
      Mac: String(intrusion.mac),
      LocalTime: Number(intrusion.localTime),
      LocalISOTime: String(intrusion.localISOTime),
      UtcTime: Number(intrusion.utcTime),
      Timezone: String(intrusion.timezone),
    });
    const parsed = parseVortexWebhook(JSON.parse(rendered));
    expect(parsed).toMatchObject({ eventType: 'Intrusion', deviceId: '0002D1A4C7F1', mac: '00:02:D1:A4:C7:F1' });
  });

  it('still renders valid JSON when VORTEX lacks the optional variables', () => {
    const rendered = render({ EventId: 'e1', DeviceId: 'd1', EventType: 'Motion Detection', LocalTime: 1763722805 });
    expect(() => JSON.parse(rendered)).not.toThrow();
  });
});
