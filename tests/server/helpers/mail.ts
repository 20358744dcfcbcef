import type { MailMessage, Mailer } from '../../../server/mail/mailer';

/**
 * A Mailer that keeps every message, for `build(kind, env, { mailer })`. `next(to)` waits
 * for the next message to that address not yet taken (reset mail is sent after the 202).
 * `hold()` makes sends wait until `release()`, to show a route does not wait for its mail.
 */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  private readonly taken = new Set<MailMessage>();
  private readonly waiters: { to: string; resolve: (message: MailMessage) => void }[] = [];
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;
  failWith: Error | undefined;

  async send(message: MailMessage): Promise<void> {
    if (this.gate) await this.gate;
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
    const index = this.waiters.findIndex((w) => w.to === message.to);
    const waiter = index >= 0 ? this.waiters.splice(index, 1)[0] : undefined;
    if (waiter) {
      this.taken.add(message);
      waiter.resolve(message);
    }
  }

  async close(): Promise<void> {}

  /** Messages to `to` so far. */
  to(to: string): MailMessage[] {
    return this.sent.filter((m) => m.to === to);
  }

  /** The next message to `to` that no earlier `next` returned. */
  next(to: string): Promise<MailMessage> {
    const found = this.sent.find((m) => m.to === to && !this.taken.has(m));
    if (found) {
      this.taken.add(found);
      return Promise.resolve(found);
    }
    return new Promise((resolve) => this.waiters.push({ to, resolve }));
  }

  hold(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  release(): void {
    this.openGate?.();
    this.gate = undefined;
  }
}

/** The `token` query parameter of the first link to `${publicUrl}${path}` in a mail's text. */
export function linkToken(text: string, publicUrl: string, path: string): string {
  const prefix = `${publicUrl}${path}?token=`;
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no ${prefix} link in:\n${text}`);
  const link = text.slice(start).split(/\s/)[0] ?? '';
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
