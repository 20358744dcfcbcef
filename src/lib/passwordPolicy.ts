/**
 * The new-password policy of OWASP ASVS 4.0.3 V2.1 as the server applies it
 * (server/auth/passwordPolicy.ts): 12 to 128 characters counted as Unicode code points,
 * nothing trimmed, no composition rules. The browser checks it first so the rule shows
 * before a round trip; the server's answer stays the authority.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The rule as shown under every new-password field. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters. Any characters count, spaces included; no mix of letters, digits or symbols is needed, so a long phrase works well.`;

/** Length in code points: an emoji counts once, as the server counts it. */
export const passwordLength = (password: string): number => [...password].length;

/** Why `password` breaks the policy, or undefined when it does not. */
export function newPasswordError(password: string): string | undefined {
  const length = passwordLength(password);
  if (length === 0) return 'Choose a password';
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters (this has ${length})`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters (this has ${length})`;
  return undefined;
}

/** Errors of a new password and its confirmation, by field; empty when both may be sent. */
export function checkNewPassword(password: string, confirmation: string): Partial<Record<'password' | 'confirmation', string>> {
  const policy = newPasswordError(password);
  if (policy) return { password: policy };
  if (confirmation !== password) return { confirmation: 'The two passwords do not match' };
  return {};
}
