import addressparser from 'nodemailer/lib/addressparser';

/** Sender of every mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'Floorwatch <no-reply@localhost>';

/**
 * Checks `SMTP_URL`: `smtp://[user:pass@]host[:port]` (STARTTLS when offered) or
 * `smtps://…` (TLS from the start, usually port 465).
 * @returns a problem line for ConfigError, or undefined when valid. The line never repeats
 * the URL, which may carry a password.
 */
export function smtpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587 or smtps://…:465';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`;
  if (url.hostname === '') return 'SMTP_URL must name the SMTP server host, e.g. smtp://mail.example.com:587';
  return undefined;
}

/**
 * Checks `MAIL_FROM`: one RFC 5322 mailbox, `Name <address@domain>` or `address@domain`.
 * @returns a problem line for ConfigError, or undefined when valid
 */
export function mailFromProblem(value: string): string | undefined {
  const parsed = addressparser(value, { flatten: true });
  const [first] = parsed;
  if (parsed.length !== 1 || !first?.address || !/^[^\s@]+@[^\s@]+$/.test(first.address)) {
    return `MAIL_FROM must be one address such as "Floorwatch <no-reply@example.com>", got "${value}"`;
  }
  return undefined;
}
