import { describe, expect, it } from 'vitest';
import { checkNewPassword, newPasswordError, passwordLength } from '../../src/lib/passwordPolicy';
import { passwordPolicyProblem } from '../../server/auth/passwordPolicy';

describe('the browser copy of the ASVS password policy (src/lib/passwordPolicy.ts)', () => {
  it('counts code points, trims nothing, and needs no composition', () => {
    expect(passwordLength('🔒'.repeat(12))).toBe(12);
    expect(newPasswordError('🔒'.repeat(12))).toBeUndefined();
    expect(newPasswordError('aaaaaaaaaaaa')).toBeUndefined();
    expect(newPasswordError('           a')).toBeUndefined();
    expect(newPasswordError('')).toBe('Choose a password');
    expect(newPasswordError('eleven char')).toBe('Use at least 12 characters (this has 11)');
    expect(newPasswordError('x'.repeat(129))).toBe('Use at most 128 characters (this has 129)');
  });

  it('agrees with the server on every length around the bounds', () => {
    for (const length of [1, 11, 12, 13, 127, 128, 129]) {
      for (const unit of ['a', '🔒', ' ']) {
        const password = unit.repeat(length);
        expect(newPasswordError(password) === undefined, `${length} × ${JSON.stringify(unit)}`).toBe(passwordPolicyProblem(password) === undefined);
      }
    }
  });

  it('reports the policy before a mismatch, and a mismatch on the confirmation', () => {
    expect(checkNewPassword('short', 'other')).toEqual({ password: 'Use at least 12 characters (this has 5)' });
    expect(checkNewPassword('a long enough phrase', 'a long enough phrasE')).toEqual({ confirmation: 'The two passwords do not match' });
    expect(checkNewPassword('a long enough phrase', 'a long enough phrase')).toEqual({});
  });
});
