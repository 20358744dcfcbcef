import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer';
import { createNodemailerMailer } from './nodemailerMailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends password reset and invitation mail (server/mail). */
    mailer: Mailer;
  }
}

/**
 * Decorates `app.mailer`: the given mailer (tests), else nodemailer over `smtpUrl`, else
 * nodemailer writing each message to the app's log. Closed with the app.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: { mailer?: Mailer; smtpUrl: string | undefined; from: string }) => {
    const mailer = options.mailer ?? createNodemailerMailer({ smtpUrl: options.smtpUrl, from: options.from, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail' },
);
