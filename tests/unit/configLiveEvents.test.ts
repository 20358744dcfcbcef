import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { configProblems, tempDataDir } from './helpers/configProblems';

const dataDir = tempDataDir;

/** The live-events settings: each has a default and a clear message for a bad value. */
describe('loadConfig: live-events settings', () => {
  const problemsOf = (env: Record<string, string>): string => configProblems({ DATA_DIR: dataDir(), ...env });

  it('keeps events 90 days by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).eventRetentionDays).toBe(90);
    expect(loadConfig({ DATA_DIR: dataDir(), EVENT_RETENTION_DAYS: '7' }).eventRetentionDays).toBe(7);
  });

  it.each(['0', '-3', '1.5', 'ninety', '36501'])('refuses EVENT_RETENTION_DAYS=%s', (value) => {
    expect(problemsOf({ EVENT_RETENTION_DAYS: value })).toContain(`EVENT_RETENTION_DAYS must be a whole number from 1 to 36500, got "${value}"`);
  });

  it('allows 6000 webhooks a minute per VORTEX connection by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).vortexWebhookRateLimit).toBe(6000);
    expect(loadConfig({ DATA_DIR: dataDir(), VORTEX_WEBHOOK_RATE_LIMIT: '100000000' }).vortexWebhookRateLimit).toBe(100_000_000);
  });

  it.each(['0', 'many', '2.5'])('refuses VORTEX_WEBHOOK_RATE_LIMIT=%s', (value) => {
    expect(problemsOf({ VORTEX_WEBHOOK_RATE_LIMIT: value })).toContain(`VORTEX_WEBHOOK_RATE_LIMIT must be a whole number from 1 to 1000000000, got "${value}"`);
  });

  it('posts 20 demo events a minute by default; 0 turns them off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).demoEventsPerMinute).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_EVENTS_PER_MINUTE: '0' }).demoEventsPerMinute).toBe(0);
  });

  it.each(['-1', 'lots', '6001'])('refuses DEMO_EVENTS_PER_MINUTE=%s', (value) => {
    expect(problemsOf({ DEMO_EVENTS_PER_MINUTE: value })).toContain(`DEMO_EVENTS_PER_MINUTE must be a whole number from 0 to 6000, got "${value}"`);
  });
});
