import { describe, expect, it } from 'vitest';
import { SecretDecryptionError, deriveVortexKey, openSecret, sealSecret, secretsEqual } from '../../server/vortex/secrets';

const key = deriveVortexKey('test-secret-test-secret-test-secret-0123');
const otherKey = deriveVortexKey('another-secret-another-secret-another-01');

describe('VORTEX secrets at rest (AES-256-GCM, key by HKDF from the JWT secret)', () => {
  it('derives the same 32-byte key from the same secret, another from another', () => {
    expect(key).toHaveLength(32);
    expect(deriveVortexKey('test-secret-test-secret-test-secret-0123').equals(key)).toBe(true);
    expect(otherKey.equals(key)).toBe(false);
    expect(() => deriveVortexKey('')).toThrow();
  });

  it('seals to a versioned value that never contains the plaintext and differs on every call', () => {
    const first = sealSecret(key, 'whsec-correct-horse', 'org-1:webhook_secret');
    const second = sealSecret(key, 'whsec-correct-horse', 'org-1:webhook_secret');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('whsec');
    expect(first).not.toBe(second);
    expect(openSecret(key, first, 'org-1:webhook_secret')).toBe('whsec-correct-horse');
    expect(openSecret(key, second, 'org-1:webhook_secret')).toBe('whsec-correct-horse');
  });

  it('round-trips unicode and the empty string', () => {
    for (const text of ['', 'clé-🔑-ключ', 'x'.repeat(2000)]) expect(openSecret(key, sealSecret(key, text, 'c'), 'c')).toBe(text);
  });

  it('refuses another key, another context, a tampered value and a malformed one', () => {
    const sealed = sealSecret(key, 'api-key-1234', 'org-1:api_key');
    expect(() => openSecret(otherKey, sealed, 'org-1:api_key')).toThrow(SecretDecryptionError);
    expect(() => openSecret(key, sealed, 'org-2:api_key')).toThrow(SecretDecryptionError);
    expect(() => openSecret(key, sealed, 'org-1:webhook_secret')).toThrow(SecretDecryptionError);
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openSecret(key, [version, iv, tag, flipped.toString('base64url')].join('.'), 'org-1:api_key')).toThrow(SecretDecryptionError);
    for (const bad of ['', 'api-key-1234', `v2.${iv}.${tag}.${data}`, `v1.${iv}.${tag}`, `v1.AAAA.${tag}.${data}`]) {
      expect(() => openSecret(key, bad, 'org-1:api_key'), bad).toThrow(SecretDecryptionError);
    }
  });
});

describe('secretsEqual (constant-time webhook secret check)', () => {
  it('is true only for the exact same text', () => {
    expect(secretsEqual('s3cret-value', 's3cret-value')).toBe(true);
    expect(secretsEqual('s3cret-valuE', 's3cret-value')).toBe(false);
    expect(secretsEqual('s3cret-value ', 's3cret-value')).toBe(false);
    expect(secretsEqual('s3cret', 's3cret-value')).toBe(false);
    expect(secretsEqual('', 's3cret-value')).toBe(false);
  });

  it('is false when no secret was presented', () => {
    expect(secretsEqual(undefined, 's3cret-value')).toBe(false);
  });
});
