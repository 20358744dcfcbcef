import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { googleSignInEnv, signInWithGoogle } from './helpers/google';
import { startServer, type RunningServer } from './helpers/server';
import { DEMO_CREDENTIALS, apiAs } from './helpers/session';
import { startMockIssuer, type MockIssuer } from '../server/helpers/oidcIssuer';
import { linkToken } from '../server/helpers/mail';
import { startSmtpCapture } from '../server/helpers/smtpCapture';

/**
 * Issue 5 "Tests", the newcomer's journey end to end in Debian's Chromium, against the
 * built app and the real server with its demo, a local OpenID Connect issuer on loopback
 * (oauth2-mock-server) standing in for Google and a local SMTP server catching the mail:
 *
 * 1. A newcomer signs in with Google for the first time. Their Google account carries the
 *    verified email of the demo organization's owner, so the server links it to that
 *    password account (issue 5: "a password user with the same verified email is linked")
 *    and the newcomer lands in the demo organization with both demo buildings. This is the
 *    route that makes the rest meaningful: a Google account with an unknown email gets an
 *    empty organization of its own (googleSignIn.test.ts covers that), where there would
 *    be no buildings to share, no devices to count and nothing on the map.
 * 2. They invite a colleague from Account settings; the invitation is mailed over SMTP.
 * 3. The colleague opens the mailed link, sets a name and a password, is signed in, signs
 *    out and signs in again with that password on the login screen.
 * 4. The colleague sees the same buildings as the newcomer.
 * 5. The colleague's dashboard figures (total, online, offline, error and their rounded
 *    percentages) match the devices list, followed through the dashboard's own links.
 * 6. The global map shows both demo buildings as markers (a click opens one) and lists
 *    them with their status counts, which add up to the devices the list shows placed.
 *
 * Each step waits on the page's responses or locators, never on a fixed delay, and leaves
 * a screenshot in test-results/journey-*.png.
 */
const SCREENSHOT_DIR = path.resolve('test-results');
const DEMO_BUILDINGS = ['Floorwatch Demo HQ', 'Floorwatch Demo Logistics'];
const NEWCOMER = { sub: 'google-journey-newcomer', email: DEMO_CREDENTIALS.email, name: 'Demo User' };
const COLLEAGUE = { email: 'colleague@example.test', name: 'Casey Colleague', password: 'a colleague passphrase' };
/** A slow, loaded machine: generous for what waits on the server or a lazy chunk. */
const SLOW = { timeout: 30_000 };

interface Profile {
  user: { id: string; email: string; name: string };
  organization: { id: string; name: string };
}

describe("a newcomer's journey", () => {
  let issuer: MockIssuer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  let shots = 0;

  beforeAll(async () => {
    issuer = await startMockIssuer();
    smtp = await startSmtpCapture();
    server = await startServer({ ...googleSignInEnv(issuer), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, DEMO_EVENTS_PER_MINUTE: '0' });
    browser = await launchChromium();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await issuer?.stop();
  });

  /** A browser profile of its own (storage apart, as on another computer), its page errors collected. */
  async function personsPage(who: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(SLOW.timeout);
    page.on('pageerror', (error) => errors.push(`${who}: ${error.message}`));
    return page;
  }

  /** Screenshots a page or a part of it into test-results/journey-NN-name.png. */
  async function shot(target: Page | Locator, name: string): Promise<void> {
    shots += 1;
    await target.screenshot({ path: path.join(SCREENSHOT_DIR, `journey-${String(shots).padStart(2, '0')}-${name}.png`) });
  }

  /** Opens a screen from the sidebar, as a user would. */
  async function openFromSidebar(page: Page, label: string, pathname: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await page.waitForURL((url) => url.pathname === pathname);
  }

  /** The building names of the /buildings table, sorted. */
  async function buildingNames(page: Page): Promise<string[]> {
    await openFromSidebar(page, 'Buildings & Floors', '/buildings');
    const names = page.locator('tbody th');
    await names.first().waitFor();
    return (await names.allTextContents()).map((n) => n.trim()).sort();
  }

  /** A dashboard figure once it has loaded (a number, not the skeleton or '—'). */
  async function figure(page: Page, label: string): Promise<number> {
    const cell = page.getByTestId(`${label}-count`);
    await expect.poll(async () => /^\d+$/.test((await cell.textContent()) ?? ''), SLOW).toBe(true);
    return Number(await cell.textContent());
  }

  let newcomer: Page;
  let colleague: Page;

  it('1. the newcomer signs in with Google and lands in the demo organization', async () => {
    newcomer = await personsPage('newcomer');
    await signInWithGoogle(newcomer, server, issuer, NEWCOMER);
    const profile = await apiAs<Profile>(newcomer, server, 'GET', '/auth/profile');
    expect(profile.user.email).toBe(DEMO_CREDENTIALS.email);
    expect(profile.organization.name).toBe('Demo Organization');
    await figure(newcomer, 'Total devices');
    await newcomer.getByRole('link', { name: 'Warehouse Floor' }).waitFor();
    await shot(newcomer, 'newcomer-dashboard');
  });

  it('2. the newcomer invites a colleague from Account settings', async () => {
    await newcomer.getByRole('button', { name: 'User menu' }).click();
    await newcomer.getByRole('menuitem', { name: 'Account Settings' }).click();
    await newcomer.waitForURL(/\/settings\/account$/);
    await newcomer.getByLabel('Invite a colleague').fill(COLLEAGUE.email);
    const invited = newcomer.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/invitations');
    await newcomer.getByRole('button', { name: 'Send invitation' }).click();
    expect((await invited).status()).toBe(201);
    await newcomer.getByRole('region', { name: 'Pending invitations' }).getByText(COLLEAGUE.email).waitFor();
    // The settings screen scrolls inside the layout: the Team card is below the fold.
    const team = newcomer.locator('.rt-Card').filter({ has: newcomer.getByRole('heading', { name: 'Team' }) });
    await shot(team, 'newcomer-invited');
  });

  it('3. the colleague sets a password from the mailed link, then signs in with it', async () => {
    const mail = await smtp.next();
    expect(mail.recipients).toEqual([COLLEAGUE.email]);
    const token = linkToken(mail.text, server.url, '/setup-password');

    colleague = await personsPage('colleague');
    await colleague.goto(`${server.url}/setup-password?token=${token}`);
    await colleague.getByLabel('Your name').fill(COLLEAGUE.name);
    await colleague.getByLabel('Password', { exact: true }).fill(COLLEAGUE.password);
    await colleague.getByLabel('Confirm new password').fill(COLLEAGUE.password);
    await shot(colleague, 'colleague-setup');
    const setUp = colleague.waitForResponse((r) => new URL(r.url()).pathname === '/v1/auth/password/setup');
    await colleague.getByRole('button', { name: 'Create account and sign in' }).click();
    expect((await setUp).status()).toBe(200);
    await colleague.waitForURL(/\/dashboard$/);

    await colleague.getByRole('button', { name: 'User menu' }).click();
    await colleague.getByRole('menuitem', { name: 'Sign out' }).click();
    await colleague.waitForURL(/\/login$/);
    await colleague.getByLabel('Email', { exact: true }).fill(COLLEAGUE.email);
    await colleague.getByLabel('Password', { exact: true }).fill(COLLEAGUE.password);
    const login = colleague.waitForResponse((r) => new URL(r.url()).pathname === '/v1/auth/password/login');
    await colleague.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect((await login).status()).toBe(200);
    await colleague.waitForURL(/\/dashboard$/);
    await colleague.getByRole('button', { name: 'User menu' }).click();
    await colleague.getByRole('menu').getByText(COLLEAGUE.email).waitFor();
    await colleague.keyboard.press('Escape');
    await colleague.getByRole('menu').waitFor({ state: 'detached' });
    const theirs = await apiAs<Profile>(colleague, server, 'GET', '/auth/profile');
    const ours = await apiAs<Profile>(newcomer, server, 'GET', '/auth/profile');
    expect(theirs.organization.id).toBe(ours.organization.id);
    expect(theirs.user).toMatchObject({ email: COLLEAGUE.email, name: COLLEAGUE.name });
  });

  it('4. the colleague sees the same buildings as the newcomer', async () => {
    const theirs = await buildingNames(colleague);
    await shot(colleague, 'colleague-buildings');
    expect(theirs).toEqual(DEMO_BUILDINGS);
    expect(await buildingNames(newcomer)).toEqual(theirs);
  });

  it("5. the colleague's dashboard figures match the devices list", async () => {
    await openFromSidebar(colleague, 'Dashboard', '/dashboard');
    const total = await figure(colleague, 'Total devices');
    const byStatus = { online: await figure(colleague, 'Online'), offline: await figure(colleague, 'Offline'), error: await figure(colleague, 'Error') };
    expect(total).toBeGreaterThan(0);
    expect(byStatus.online + byStatus.offline + byStatus.error).toBe(total);
    for (const [status, label] of [['online', 'Online'], ['offline', 'Offline'], ['error', 'Error']] as const) {
      const card = colleague.locator(`.rt-Card[aria-label="${label}"]`);
      expect(await card.textContent()).toContain(`${Math.round((byStatus[status] / total) * 100)}% of devices`);
    }
    await shot(colleague, 'colleague-dashboard');

    const rows = colleague.locator('tbody tr');
    await colleague.getByRole('link', { name: 'View devices' }).click();
    await colleague.waitForURL((url) => url.pathname === '/devices' && url.search === '');
    await colleague.getByText(`${total} devices`, { exact: true }).waitFor();
    // The table's code loads alongside the devices (issue 5): its rows may follow the count.
    await expect.poll(() => rows.count(), SLOW).toBe(total);
    await shot(colleague, 'colleague-devices');

    for (const [status, link] of [['online', 'Online devices'], ['offline', 'Offline devices'], ['error', 'Devices in error']] as const) {
      await openFromSidebar(colleague, 'Dashboard', '/dashboard');
      await figure(colleague, 'Total devices');
      await colleague.getByRole('link', { name: link }).click();
      await colleague.waitForURL((url) => url.pathname === '/devices' && url.searchParams.get('status') === status);
      await colleague.getByText(`Showing ${byStatus[status]} of ${total} devices`, { exact: true }).waitFor();
      await expect.poll(() => rows.count(), SLOW).toBe(byStatus[status]);
      const shown = await rows.locator('[data-status]').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')));
      expect(shown).toEqual(Array<string>(byStatus[status]).fill(status));
    }
  });

  it('6. the global map shows both demo buildings, with counts that add up to the placed devices', async () => {
    await openFromSidebar(colleague, 'Devices', '/devices');
    const rows = colleague.locator('tbody tr');
    await expect.poll(() => rows.count(), SLOW).toBeGreaterThan(0);
    const placed = await rows.filter({ hasNot: colleague.getByText('Not placed', { exact: true }) }).count();

    await openFromSidebar(colleague, 'Global Map', '/map');
    const markers = colleague.locator('path.fw-map-marker');
    await expect.poll(() => markers.count(), SLOW).toBe(DEMO_BUILDINGS.length);
    const list = colleague.getByRole('table', { name: 'Buildings on the map' });
    for (const name of DEMO_BUILDINGS) await list.getByRole('link', { name }).waitFor();
    // Every building's counts are shown once devices load ('…' before).
    await expect.poll(() => list.getByText('…').count(), SLOW).toBe(0);
    const counts = await list.locator('tbody tr td:last-child').allTextContents();
    const sum = counts.map((c) => [...c.matchAll(/(\d+) (?:online|offline|error)/g)].reduce((s, m) => s + Number(m[1]), 0)).reduce((a, b) => a + b, 0);
    expect(sum).toBe(placed);
    await shot(colleague, 'colleague-global-map');

    await markers.first().hover();
    const tooltip = colleague.locator('.leaflet-tooltip');
    await tooltip.waitFor();
    const tip = (await tooltip.textContent()) ?? '';
    const name = DEMO_BUILDINGS.find((n) => tip.includes(n));
    expect(name, tip).toBeDefined();
    expect(tip).toMatch(/\d+ online · \d+ offline · \d+ error/);
    await shot(colleague, 'colleague-global-map-tooltip');
    await markers.first().click();
    await colleague.waitForURL(/\/buildings\/[^/]+$/);
    await colleague.getByRole('heading', { name, level: 1 }).waitFor();
    await shot(colleague, 'colleague-building');
    expect(errors).toEqual([]);
  });
});
