import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build';
import { startSmtpCapture } from './helpers/smtpCapture';

const MESSAGE = {
  to: 'colleague@example.test',
  subject: 'Reset your Floorwatch password',
  text: 'Open this link: http://localhost:8080/reset-password?token=abc_DEF-123\nIt works once.',
};

describe('mail through nodemailer', () => {
  it('without SMTP_URL writes one structured info line per message to the log', async () => {
    const lines: string[] = [];
    const t = await build('pglite', {}, { logger: true, logStream: { write: (line) => void lines.push(line) } });
    try {
      await t.app.mailer.send(MESSAGE);
      const mailLines = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => 'mail' in entry);
      expect(mailLines).toHaveLength(1);
      expect(mailLines[0]).toMatchObject({
        level: 30,
        msg: 'mail written to the log (SMTP_URL is not set)',
        mail: { from: 'Floorwatch <no-reply@localhost>', ...MESSAGE },
      });
    } finally {
      await t.close();
    }
  });

  describe('with SMTP_URL', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    let t: TestApp;

    beforeAll(async () => {
      smtp = await startSmtpCapture({ user: 'mailer', pass: 'p@ss word' });
      t = await build('pglite', {
        SMTP_URL: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Acme Security <security@acme.test>',
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('sends the message to the SMTP server, signed in with the URL credentials, from MAIL_FROM', async () => {
      await t.app.mailer.send(MESSAGE);
      const mail = await smtp.next();
      expect(mail.recipients).toEqual([MESSAGE.to]);
      expect(mail.headers.from).toBe('Acme Security <security@acme.test>');
      expect(mail.headers.to).toBe(MESSAGE.to);
      expect(mail.headers.subject).toBe(MESSAGE.subject);
      expect(mail.text.trim()).toBe(MESSAGE.text);
    });

    it('rejects when the SMTP server refuses the credentials', async () => {
      const other = await build('pglite', { SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}` });
      try {
        await expect(other.app.mailer.send(MESSAGE)).rejects.toThrow(/Invalid username or password|auth/i);
      } finally {
        await other.close();
      }
    });
  });
});
