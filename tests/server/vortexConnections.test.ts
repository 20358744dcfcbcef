import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vortexConnections } from '../../server/db/schema';
import { createOrganizationWithUser } from '../../server/organizations/repository';
import { apiKeyOf, findConnectionById, findOrganizationConnection, saveConnection, webhookSecretOf } from '../../server/vortex/repository';
import { SecretDecryptionError, deriveVortexKey } from '../../server/vortex/secrets';
import { build, databaseKinds, type TestApp } from './helpers/build';

describe.each(databaseKinds)('VORTEX connections repository (%s)', (kind) => {
  let t: TestApp;
  let organizationId: string;
  let otherOrganizationId: string;
  const key = deriveVortexKey('test-secret-test-secret-test-secret-0123');

  beforeAll(async () => {
    t = await build(kind);
    const make = (name: string) =>
      createOrganizationWithUser(t.app.db, { organizationName: name, email: `${name}-${Date.now()}@example.test`, name, passwordHash: null });
    organizationId = (await make('conn-a')).organization.id;
    otherOrganizationId = (await make('conn-b')).organization.id;
  });
  afterAll(() => t?.close());

  it('stores the API key and webhook secret encrypted, and finds the connection by id without its organization', async () => {
    const saved = await saveConnection(t.app.db, key, { organizationId, baseUrl: 'https://vortex.example.test', apiKey: 'vx-api-key-9876', webhookSecret: 'whsec-abc-123' });
    const [stored] = await t.app.db.select().from(vortexConnections).where(eq(vortexConnections.id, saved.id));
    expect(stored).toBeDefined();
    expect(stored?.apiKeyEncrypted).not.toContain('vx-api-key');
    expect(stored?.webhookSecretEncrypted).not.toContain('whsec');
    expect(stored?.apiKeyLast4).toBe('9876');
    const found = await findConnectionById(t.app.db, saved.id);
    expect(found?.organizationId).toBe(organizationId);
    expect(webhookSecretOf(key, found!)).toBe('whsec-abc-123');
    expect(apiKeyOf(key, found!)).toBe('vx-api-key-9876');
    expect(() => webhookSecretOf(deriveVortexKey('another-secret-another-secret-another-01'), found!)).toThrow(SecretDecryptionError);
  });

  it('updates the organization’s one connection in place, keeping its id', async () => {
    const first = await findOrganizationConnection(t.app.db, organizationId);
    const updated = await saveConnection(t.app.db, key, { organizationId, baseUrl: 'https://vortex2.example.test', apiKey: 'new-key-0000', webhookSecret: 'new-secret' });
    expect(updated.id).toBe(first?.id);
    expect(updated.baseUrl).toBe('https://vortex2.example.test');
    expect(webhookSecretOf(key, updated)).toBe('new-secret');
    expect(await t.app.db.select().from(vortexConnections).where(eq(vortexConnections.organizationId, organizationId))).toHaveLength(1);
  });

  it('finds nothing for an unknown id or a non-UUID id, and keeps organizations apart', async () => {
    expect(await findConnectionById(t.app.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await findConnectionById(t.app.db, 'not-a-uuid')).toBeUndefined();
    expect(await findOrganizationConnection(t.app.db, otherOrganizationId)).toBeUndefined();
  });

  it('refuses an empty API key or webhook secret', async () => {
    await expect(saveConnection(t.app.db, key, { organizationId: otherOrganizationId, baseUrl: 'https://x.test', apiKey: 'k', webhookSecret: '' })).rejects.toThrow();
    expect(await findOrganizationConnection(t.app.db, otherOrganizationId)).toBeUndefined();
  });
});
