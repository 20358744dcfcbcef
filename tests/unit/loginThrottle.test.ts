import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/auth/loginThrottle';

function throttle() {
  let now = 0;
  const t = new LoginThrottle({ maxPerAccount: 3, maxPerAddress: 5, windowMs: 60_000, now: () => now });
  return { t, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it('blocks an account after its failures, from any address, until the window ends', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 3; i++) t.fail('a@x.test', `10.0.0.${i}`);
    expect(t.retryAfter('a@x.test', '10.9.9.9')).toBe(60);
    advance(30_000);
    expect(t.retryAfter('a@x.test', '10.9.9.9')).toBe(30);
    advance(30_000);
    expect(t.retryAfter('a@x.test', '10.9.9.9')).toBe(0);
  });

  it('blocks an address that tries many accounts', () => {
    const { t } = throttle();
    for (let i = 0; i < 5; i++) t.fail(`user${i}@x.test`, '10.0.0.1');
    expect(t.retryAfter('new@x.test', '10.0.0.1')).toBeGreaterThan(0);
    expect(t.retryAfter('new@x.test', '10.0.0.2')).toBe(0);
  });

  it("clears an account's count on success but keeps the address's", () => {
    const { t } = throttle();
    for (let i = 0; i < 2; i++) t.fail('a@x.test', '10.0.0.1');
    t.succeed('a@x.test');
    t.fail('a@x.test', '10.0.0.1');
    expect(t.retryAfter('a@x.test', '10.0.0.2')).toBe(0);
    t.fail('b@x.test', '10.0.0.1');
    t.fail('c@x.test', '10.0.0.1');
    expect(t.retryAfter('z@x.test', '10.0.0.1')).toBeGreaterThan(0);
  });
});
