import { describe, expect, it } from 'vitest';
import { WebhookConnectionCache } from '../../server/vortex/connectionCache';
import type { VortexConnectionRow } from '../../server/vortex/repository';
import { secretDigest, secretMatches } from '../../server/vortex/secrets';

const ID = '0b9d6f0e-6c39-4c0e-9d59-2f6c2a7f0a11';

/** A connections table in memory: the sealed secret is simply the secret here. */
function fixture(options: { ttlMs?: number } = {}) {
  const table = new Map<string, VortexConnectionRow>();
  const queries: string[][] = [];
  let release: (() => void) | null = null;
  let holdNext = false;
  let clock = 1_000;
  const put = (id: string, secret: string) => table.set(id, { id, organizationId: 'org-1', webhookSecretEncrypted: secret } as VortexConnectionRow);
  const cache = new WebhookConnectionCache(
    async (ids) => {
      queries.push(ids);
      const answer = new Map(ids.flatMap((id) => (table.has(id) ? [[id, table.get(id) as VortexConnectionRow] as const] : [])));
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return answer;
    },
    (row) => secretDigest(row.webhookSecretEncrypted),
    { ttlMs: options.ttlMs ?? 5_000, now: () => clock },
  );
  return {
    cache,
    table,
    queries,
    put,
    advance: (ms: number) => (clock += ms),
    holdNextQuery: () => (holdNext = true),
    releaseQuery: () => release?.(),
  };
}

describe('WebhookConnectionCache (the webhook receiver’s connection lookups)', () => {
  it('reads a connection once, then answers it from memory until its time is up', async () => {
    const f = fixture();
    f.put(ID, 'first');
    const found = await f.cache.get(ID);
    expect(found?.organizationId).toBe('org-1');
    expect(secretMatches('first', found!.secretDigest)).toBe(true);
    await f.cache.get(ID);
    expect(f.queries).toHaveLength(1);
    // Changed behind the cache's back (another server process rotated it): seen once the entry expires.
    f.put(ID, 'second');
    f.advance(4_999);
    expect(secretMatches('first', (await f.cache.get(ID))!.secretDigest)).toBe(true);
    f.advance(1);
    expect(secretMatches('second', (await f.cache.get(ID))!.secretDigest)).toBe(true);
    expect(f.queries).toHaveLength(2);
  });

  it('reads the connection again right after invalidate (credentials saved in this process)', async () => {
    const f = fixture();
    f.put(ID, 'first');
    await f.cache.get(ID);
    f.put(ID, 'rotated');
    f.cache.invalidate(ID.toUpperCase());
    const after = await f.cache.get(ID);
    expect(secretMatches('first', after!.secretDigest)).toBe(false);
    expect(secretMatches('rotated', after!.secretDigest)).toBe(true);
  });

  it('never caches a connection that is not found, so a new one works at once', async () => {
    const f = fixture();
    expect(await f.cache.get(ID)).toBeUndefined();
    f.put(ID, 'new');
    expect(await f.cache.get(ID)).toBeDefined();
    expect(f.queries).toHaveLength(2);
  });

  it('forgets a connection deleted behind its back once the entry expires', async () => {
    const f = fixture();
    f.put(ID, 'first');
    await f.cache.get(ID);
    f.table.delete(ID);
    f.advance(5_000);
    expect(await f.cache.get(ID)).toBeUndefined();
  });

  it('does not cache what a lookup read before an invalidation that came while it ran', async () => {
    const f = fixture();
    f.put(ID, 'old');
    f.holdNextQuery();
    const pending = f.cache.get(ID);
    await Promise.resolve();
    f.put(ID, 'rotated');
    f.cache.invalidate(ID);
    f.releaseQuery();
    // The request that asked before the rotation is answered with what it read...
    expect(secretMatches('old', (await pending)!.secretDigest)).toBe(true);
    // ...but the next one reads again.
    expect(secretMatches('rotated', (await f.cache.get(ID))!.secretDigest)).toBe(true);
    expect(f.queries).toHaveLength(2);
  });

  it('shares one query among lookups that miss at the same time', async () => {
    const f = fixture();
    f.put(ID, 'first');
    f.holdNextQuery();
    const first = f.cache.get(ID);
    await Promise.resolve();
    const others = [f.cache.get(ID), f.cache.get(ID)];
    f.releaseQuery();
    await Promise.all([first, ...others]);
    // The first lookup ran alone; the two that waited shared the next query.
    expect(f.queries).toEqual([[ID], [ID]]);
  });
});
