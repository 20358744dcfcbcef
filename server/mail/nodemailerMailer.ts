import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer';

/** Connect, greeting and socket idle limits in ms: an invitation waits for its mail, so a dead SMTP host must fail fast. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Mail through nodemailer. With `smtpUrl` (`smtp://` or `smtps://`, credentials in the URL)
 * the message goes to that server. Without it, nodemailer's JSON transport composes the
 * message and it is written to the log as one pino line at info,
 * `{ mail: { from, to, subject, text } }`: the text carries the reset or invitation link,
 * so this default is for development only (README "Configuration"). Nothing here ever
 * holds a password; the SMTP URL itself is never logged.
 */
export function createNodemailerMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
    return {
      async send(message: MailMessage) {
        await transport.sendMail(message);
      },
      async close() {
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true, skipEncoding: true }, { from });
  return {
    async send(message: MailMessage) {
      await transport.sendMail(message);
      log.info({ mail: { from, to: message.to, subject: message.subject, text: message.text } }, 'mail written to the log (SMTP_URL is not set)');
    },
    async close() {
      transport.close();
    },
  };
}
