import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { apiAs, signInAsDemo } from './helpers/session';
import { startSmtpCapture } from '../server/helpers/smtpCapture';

/**
 * Issue 5 "Inviting", end to end in Debian's Chromium against the built app and the real
 * server, its mail going to a local SMTP server: the demo user invites a colleague from
 * Account settings, the colleague follows the mailed link, sets a name and password, lands
 * signed in on the dashboard of the same organization and sees the same buildings; the
 * inviter sees them as a member. Inviting an existing member is refused inline.
 */
const SCREENSHOT_DIR = path.resolve('test-results');
const COLLEAGUE = { email: 'grace@example.test', name: 'Grace Hopper', password: 'grace hopper passphrase' };

interface Building {
  id: string;
  name: string;
}

describe('inviting a colleague', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, DEMO_EVENTS_PER_MINUTE: '0' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('invites from Account settings; the colleague sets a password from the mail and shares the buildings', async () => {
    const inviter = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const colleague = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await signInAsDemo(inviter, server);
      await inviter.goto(`${server.url}/settings/account`);
      const inviteField = inviter.getByLabel('Invite a colleague');
      await inviteField.fill('demo@floorwatch.dev');
      await inviter.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => inviter.getByText('demo@floorwatch.dev is already a member of').isVisible(), { timeout: 15_000 }).toBe(true);

      await inviteField.fill(COLLEAGUE.email);
      await inviter.getByRole('button', { name: 'Send invitation' }).click();
      const pending = inviter.getByRole('region', { name: 'Pending invitations' });
      await expect.poll(() => pending.getByText(COLLEAGUE.email).isVisible(), { timeout: 15_000 }).toBe(true);

      const mail = await smtp.next();
      expect(mail.recipients).toEqual([COLLEAGUE.email]);
      const link = mail.text.match(/http\S+\/setup-password\?token=[\w-]+/)?.[0];
      expect(link, mail.text).toBeDefined();

      await colleague.goto(link ?? '');
      // The link is read first: which organization, who invited, and the sign-in email.
      const heading = colleague.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent(), { timeout: 15_000 }).toMatch(/^Join (?!your team ).+ on Floorwatch$/);
      await expect.poll(() => colleague.getByLabel('Email').inputValue(), { timeout: 15_000 }).toBe(COLLEAGUE.email);
      await colleague.getByLabel('Your name').fill(COLLEAGUE.name);
      await colleague.getByLabel('Password', { exact: true }).fill(COLLEAGUE.password);
      await colleague.getByLabel('Confirm new password').fill(COLLEAGUE.password);
      await colleague.screenshot({ path: path.join(SCREENSHOT_DIR, 'invitation-setup.png') });
      await colleague.getByRole('button', { name: 'Create account and sign in' }).click();
      await colleague.waitForURL(/\/dashboard$/, { timeout: 15_000 });

      const theirs = await apiAs<{ buildings: Building[] }>(colleague, server, 'GET', '/buildings');
      const ours = await apiAs<{ buildings: Building[] }>(inviter, server, 'GET', '/buildings');
      expect(theirs.buildings.map((b) => b.name).sort()).toEqual(ours.buildings.map((b) => b.name).sort());
      expect(theirs.buildings.length).toBeGreaterThan(0);

      await inviter.reload();
      const members = inviter.getByRole('region', { name: 'Members' });
      await expect.poll(() => members.getByText(COLLEAGUE.name).isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => inviter.getByText('No pending invitations.').isVisible()).toBe(true);
      const teamCard = inviter.locator('.rt-Card').filter({ has: inviter.getByRole('heading', { name: 'Team' }) });
      await teamCard.screenshot({ path: path.join(SCREENSHOT_DIR, 'invitation-team.png') });

      // The link is spent once the account exists: the screen says so at once, with no form.
      const again = await browser.newPage();
      try {
        await again.goto(link ?? '');
        await expect.poll(() => again.getByText('This invitation link was already used').isVisible(), { timeout: 15_000 }).toBe(true);
        expect(await again.getByLabel('Password', { exact: true }).count()).toBe(0);
        expect(await again.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
      } finally {
        await again.close();
      }
    } finally {
      await inviter.close();
      await colleague.close();
    }
  });
});
