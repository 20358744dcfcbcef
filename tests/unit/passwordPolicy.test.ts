import { describe, expect, it } from 'vitest';
import { assertPasswordPolicy, passwordPolicyProblem } from '../../server/auth/passwordPolicy';
import { HttpProblem } from '../../server/http/problem';

describe('password policy (OWASP ASVS V2.1)', () => {
  it('accepts 12 to 128 characters of anything, with no composition rules', () => {
    for (const password of ['aaaaaaaaaaaa', 'correct horse battery staple', '            ', 'Ünïcödé pässwörd', 'x'.repeat(128)]) {
      expect(passwordPolicyProblem(password), password).toBeUndefined();
    }
  });

  it('counts Unicode code points, not UTF-16 units: 11 emoji are too short, 12 are enough', () => {
    expect('🔒'.repeat(11).length).toBe(22);
    expect(passwordPolicyProblem('🔒'.repeat(11))).toContain('at least 12 characters long (it has 11)');
    expect(passwordPolicyProblem('🔒'.repeat(12))).toBeUndefined();
  });

  it('says what the rule is, and that no mix of character kinds is required', () => {
    const detail = passwordPolicyProblem('short');
    expect(detail).toContain('The password must be at least 12 characters long (it has 5)');
    expect(detail).toContain('no mix of letters, digits or symbols is required');
    expect(passwordPolicyProblem('x'.repeat(129))).toBe('The password must be at most 128 characters long (it has 129).');
  });

  it('throws a 400 problem naming the field', () => {
    try {
      assertPasswordPolicy('short', 'new_password');
      expect.unreachable('accepted a short password');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpProblem);
      expect((error as HttpProblem).status).toBe(400);
      expect((error as HttpProblem).extensions.errors).toEqual([{ field: 'new_password', message: expect.stringContaining('at least 12') }]);
    }
  });
});
