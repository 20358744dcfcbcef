import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { DEMO_CREDENTIALS } from './helpers/session';
import { startSmtpCapture } from '../server/helpers/smtpCapture';

/**
 * Issue 5 "Passwords", end to end in Debian's Chromium against the built app and the real
 * server, its mail going to a local SMTP server: ask for a reset on the sign-in screen,
 * follow the mailed link, set a new password, sign in with it; the old password and the
 * reused link no longer work.
 */
const SCREENSHOT_DIR = path.resolve('test-results');
const NEW_PASSWORD = 'a brand new demo passphrase';

/** The first `${url}/reset-password?token=…` link in a mail's text. */
function resetLink(text: string, url: string): string {
  const match = text.match(new RegExp(`${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/reset-password\\?token=[\\w-]+`));
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[0];
}

async function signIn(page: Page, server: RunningServer, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_CREDENTIALS.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('password reset by mailed link', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Floorwatch <no-reply@floorwatch.test>', DEMO_EVENTS_PER_MINUTE: '0' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('requests a reset, follows the mailed link, sets a new password and signs in with it; the link then fails', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    try {
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(/\/forgot-password$/);
      await page.getByLabel('Email', { exact: true }).fill(DEMO_CREDENTIALS.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect.poll(() => page.getByText('Check your email').isVisible(), { timeout: 15_000 }).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'password-reset-requested.png') });

      const mail = await smtp.next();
      expect(mail.recipients).toEqual([DEMO_CREDENTIALS.email]);
      expect(mail.headers.subject).toBe('Reset your Floorwatch password');
      const link = resetLink(mail.text, server.url);

      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('too short');
      await page.getByLabel('Confirm new password').fill('too short');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect.poll(() => page.getByText('Use at least 12 characters (this has 9)').isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'password-reset-policy.png') });

      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect.poll(() => page.getByText('Your password is changed').isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/login$/);

      // The old password is gone.
      await signIn(page, server, DEMO_CREDENTIALS.password);
      await expect.poll(() => page.getByText('Email or password is incorrect').first().isVisible(), { timeout: 15_000 }).toBe(true);
      await signIn(page, server, NEW_PASSWORD);
      await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });

      // The same link again, in a fresh signed-out context: it was used.
      const stranger = await browser.newPage({ viewport: { width: 1280, height: 860 } });
      try {
        await stranger.goto(link);
        await stranger.getByLabel('New password', { exact: true }).fill('yet another passphrase');
        await stranger.getByLabel('Confirm new password').fill('yet another passphrase');
        await stranger.getByRole('button', { name: 'Set new password' }).click();
        await expect.poll(() => stranger.getByText(/This password reset link was already used/).isVisible(), { timeout: 15_000 }).toBe(true);
        await stranger.screenshot({ path: path.join(SCREENSHOT_DIR, 'password-reset-used-link.png') });
        await stranger.getByRole('link', { name: 'Request a new link' }).click();
        await stranger.waitForURL(/\/forgot-password$/);
      } finally {
        await stranger.close();
      }
    } finally {
      await page.close();
    }
  });
});
