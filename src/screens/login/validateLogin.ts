/** Field errors of the sign-in form, by field. */
export type LoginFieldErrors = Partial<Record<'email' | 'password', string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why `email` cannot be sent (blank or malformed once trimmed), or undefined when it can. */
export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'Email is required';
  if (!EMAIL_PATTERN.test(trimmed)) return 'Enter a valid email address';
  return undefined;
}

/** Checks the sign-in form before it is sent; returns an empty object when it may be sent. */
export function validateLogin(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const invalidEmail = emailError(email);
  if (invalidEmail) errors.email = invalidEmail;
  if (password === '') errors.password = 'Password is required';
  return errors;
}
