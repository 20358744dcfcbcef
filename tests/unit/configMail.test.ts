import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { configProblems, tempDataDir } from './helpers/configProblems';

const base = () => ({ DATA_DIR: tempDataDir() });

const problemsOf = (env: Record<string, string>): string => configProblems({ ...base(), ...env });

describe('mail configuration (SMTP_URL, MAIL_FROM)', () => {
  it('defaults to no SMTP server (mail goes to the log) and Floorwatch <no-reply@localhost>', () => {
    expect(loadConfig(base())).toMatchObject({ smtpUrl: undefined, mailFrom: 'Floorwatch <no-reply@localhost>' });
  });

  it('accepts smtp:// and smtps:// URLs and a mailbox with or without a display name', () => {
    expect(loadConfig({ ...base(), SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'ops@example.com' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      mailFrom: 'ops@example.com',
    });
    expect(loadConfig({ ...base(), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Acme Security <security@acme.test>' }).mailFrom).toBe(
      'Acme Security <security@acme.test>',
    );
  });

  it('refuses another scheme, a URL without host, and never repeats the URL (it may hold a password)', () => {
    const scheme = problemsOf({ SMTP_URL: 'https://user:s3cret@mail.example.com' });
    expect(scheme).toContain('SMTP_URL must start with smtp:// or smtps://, got https://');
    expect(scheme).not.toContain('s3cret');
    expect(problemsOf({ SMTP_URL: 'not a url :s3cret' })).toMatch(/^SMTP_URL must be a URL such as smtp:\/\//);
    expect(problemsOf({ SMTP_URL: 'smtp://' })).toContain('SMTP_URL must');
  });

  it('refuses a MAIL_FROM that is not exactly one address', () => {
    expect(problemsOf({ MAIL_FROM: 'Floorwatch' })).toContain('MAIL_FROM must be one address such as "Floorwatch <no-reply@example.com>", got "Floorwatch"');
    expect(problemsOf({ MAIL_FROM: 'a@example.com, b@example.com' })).toContain('MAIL_FROM must be one address');
  });
});
