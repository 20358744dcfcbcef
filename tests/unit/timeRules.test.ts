import { describe, expect, it } from 'vitest';
import { eventTimeMs, formatEventTime } from '../../src/lib/eventTime';
import { isTokenExpired, TOKEN_EXPIRY_MARGIN_MS } from '../../src/machines/authMachine';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('event time display (SPEC.md section 9)', () => {
  it("says 'Just now' under a minute, also for clocks slightly ahead", () => {
    expect(formatEventTime(NOW / 1000, NOW)).toBe('Just now');
    expect(formatEventTime(NOW / 1000 - 59, NOW)).toBe('Just now');
    expect(formatEventTime(NOW / 1000 + 5, NOW)).toBe('Just now');
  });

  it("says 'Nm ago' from one minute to under an hour", () => {
    expect(formatEventTime(NOW / 1000 - 60, NOW)).toBe('1m ago');
    expect(formatEventTime(NOW / 1000 - 59 * 60 - 59, NOW)).toBe('59m ago');
  });

  it("says 'Nh ago' from one hour to under a day", () => {
    expect(formatEventTime(NOW / 1000 - 3600, NOW)).toBe('1h ago');
    expect(formatEventTime(NOW / 1000 - 86_399, NOW)).toBe('23h ago');
  });

  it('shows date and time from a day on', () => {
    const at = NOW - 86_400_000;
    expect(formatEventTime(at / 1000, NOW)).toBe(new Date(at).toLocaleString());
  });

  it('accepts local_time as Unix seconds, a numeric string or a date string', () => {
    expect(eventTimeMs(1763722805)).toBe(1763722805000);
    expect(eventTimeMs('1763722805')).toBe(1763722805000);
    expect(eventTimeMs('2025-11-21T10:00:05Z')).toBe(Date.parse('2025-11-21T10:00:05Z'));
    expect(eventTimeMs('not a date')).toBeNull();
    expect(formatEventTime('2026-11-21T11:30:00Z', NOW)).toBe('30m ago');
  });
});

describe('token expiry margin (SPEC.md sections 4 and 9)', () => {
  const expiresAt = new Date(NOW + 10 * 60_000).toISOString();

  it('counts a token as expired 60 s before expires_at', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(60_000);
    expect(isTokenExpired(expiresAt, NOW + 9 * 60_000 - 1)).toBe(false);
    expect(isTokenExpired(expiresAt, NOW + 9 * 60_000)).toBe(true);
    expect(isTokenExpired(expiresAt, NOW + 11 * 60_000)).toBe(true);
  });

  it('treats an unreadable expiry as expired', () => {
    expect(isTokenExpired('soon', NOW)).toBe(true);
  });
});
