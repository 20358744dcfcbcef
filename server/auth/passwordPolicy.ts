import { badRequest } from '../http/problem';

/** OWASP ASVS 4.0.3 V2.1.1: at least 12 characters. */
export const PASSWORD_MIN_LENGTH = 12;
/** ASVS V2.1.2 permits at least 64 and denies more than 128; 128 is accepted. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Why a new password breaks the policy, or undefined when it does not. Length counts
 * Unicode code points (an emoji is one), and nothing is trimmed or truncated (ASVS V2.1.3,
 * V2.1.4). No composition rules (V2.1.9); every character counts, spaces included.
 */
export function passwordPolicyProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long (it has ${length}). Any characters count, spaces and emoji included; no mix of letters, digits or symbols is required, so a long phrase works well.`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long (it has ${length}).`;
  }
  return undefined;
}

/**
 * Refuses a new password that breaks the policy.
 * @param field the body field that holds it (`password`, `new_password`)
 * @throws HttpProblem 400 whose detail and `errors` name the field
 */
export function assertPasswordPolicy(password: string, field: string): void {
  const problem = passwordPolicyProblem(password);
  if (problem) throw badRequest(problem, field);
}
