import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'floorwatch-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults for the embedded setup and keeps a generated JWT secret in DATA_DIR', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 8080, dataDir, databaseUrl: undefined, publicUrl: 'http://localhost:8080', maxUploadMb: 25, seedDemo: true });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('requires JWT_SECRET with PostgreSQL and does not seed there unless asked', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/db' })).toThrow(/JWT_SECRET is required with DATABASE_URL/);
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 'x'.repeat(32) });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 'x'.repeat(32), SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('lists every bad variable with a clear message', () => {
    try {
      loadConfig({ PORT: 'eighty', MAX_UPLOAD_MB: '0', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', JWT_SECRET: 'short', SEED_DEMO: 'maybe', DATA_DIR: tmp() });
      expect.unreachable('loadConfig accepted bad values');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
      expect(problems).toContain('MAX_UPLOAD_MB must be a whole number from 1 to 1024, got "0"');
      expect(problems).toContain('DATABASE_URL must start with postgres://');
      expect(problems).toContain('PUBLIC_URL must be an absolute http(s) URL');
      expect(problems).toContain('JWT_SECRET must be at least 32 characters long');
      expect(problems).toContain('SEED_DEMO must be true or false, got "maybe"');
    }
  });
});
