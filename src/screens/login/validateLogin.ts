/** Field errors of the sign-in form, by field. */
export type LoginFieldErrors = Partial<Record<'email' | 'password', string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the sign-in form before it is sent; returns an empty object when it may be sent. */
export function validateLogin(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const trimmed = email.trim();
  if (trimmed === '') errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(trimmed)) errors.email = 'Enter a valid email address';
  if (password === '') errors.password = 'Password is required';
  return errors;
}
