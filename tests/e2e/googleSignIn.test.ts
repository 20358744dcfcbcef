import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { googleSignInEnv } from './helpers/google';
import { startServer, type RunningServer } from './helpers/server';
import { apiAs, signInAsDemo } from './helpers/session';
import { startMockIssuer, type MockIssuer } from '../server/helpers/oidcIssuer';

/**
 * Issue 5 "Google sign-in" end to end, in Debian's Chromium against the real server and a
 * local OpenID Connect issuer on loopback (oauth2-mock-server) standing in for Google, with
 * real redirects both ways: a newcomer signs in from the login screen and gets an
 * organization of their own; a tampered state is refused in the browser; a replayed
 * callback is refused by the server; an invited colleague continues with Google from the
 * invitation link and lands in the inviting organization.
 */
const SCREENSHOT_DIR = path.resolve('test-results');
const CALLBACK_PATH = '/auth/callback';

interface Profile {
  user: { id: string; email: string; name: string };
  organization: { id: string; name: string };
}

describe('Google sign-in, end to end', () => {
  let issuer: MockIssuer;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    issuer = await startMockIssuer();
    server = await startServer({
      ...googleSignInEnv(issuer),
      DEMO_EVENTS_PER_MINUTE: '0',
      // The invitation mail (with its link) is written to the log at info.
      LOG_LEVEL: 'info',
    });
    browser = await launchChromium();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await issuer?.stop();
  });

  /** A fresh browser profile (its own storage), with page errors collected. */
  async function newPage(): Promise<{ page: Page; errors: string[]; callbacks: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    const callbacks: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === CALLBACK_PATH) callbacks.push(frame.url());
    });
    return { page, errors, callbacks };
  }

  const profileOf = (page: Page) => apiAs<Profile>(page, server, 'GET', '/auth/profile');

  let firstCallbackUrl = '';

  it('a newcomer signs in with Google from the login screen through real redirects and gets an organization of their own', async () => {
    const { page, errors, callbacks } = await newPage();
    issuer.signInAs({ sub: 'google-e2e-newcomer', email: 'newcomer@gmail.test', name: 'Nora Newcomer' });
    await page.goto(`${server.url}/login`);
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    await button.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'google-sign-in-login.png') });
    const requested = page.waitForRequest((r) => r.url().startsWith(`${issuer.url}/authorize`));
    await button.click();
    const authorize = new URL((await requested).url());
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}${CALLBACK_PATH}`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    await page.waitForURL(/\/dashboard$/);
    expect(callbacks).toHaveLength(1);
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    expect(callback.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
    firstCallbackUrl = callback.href;
    const profile = await profileOf(page);
    expect(profile.user).toMatchObject({ email: 'newcomer@gmail.test', name: 'Nora Newcomer' });
    expect(profile.organization.name).toBe('Nora Newcomer’s organization');
    expect(await page.evaluate(() => sessionStorage.getItem('oauth_state'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it("a tampered state on the way back shows 'Invalid state parameter' and signs nobody in", async () => {
    const { page, errors } = await newPage();
    issuer.signInAs({ sub: 'google-e2e-tampered', email: 'tampered@gmail.test', name: 'Tim Tampered' });
    issuer.tamperNextRedirect((url) => url.searchParams.set('state', '0123456789abcdef0123456789abcdef'));
    const callbackCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/auth/callback')) callbackCalls.push(r.url());
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL((url) => url.pathname === CALLBACK_PATH);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Sign-in did not complete' }).textContent()).toContain('Invalid state parameter');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'google-sign-in-tampered-state.png') });
    expect(callbackCalls).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('auth_tokens'))).toBeNull();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(/\/login$/);
    expect(errors).toEqual([]);
  });

  it('a replayed code (the same callback URL with its state) is refused by the server and shown cleanly', async () => {
    expect(firstCallbackUrl).not.toBe('');
    const { page, errors } = await newPage();
    const state = new URL(firstCallbackUrl).searchParams.get('state') ?? '';
    // The attacker's browser holds the state too, so only the server can notice the replay.
    await page.goto(`${server.url}/login`);
    await page.evaluate((s) => sessionStorage.setItem('oauth_state', s), state);
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/auth/callback'));
    await page.goto(firstCallbackUrl);
    expect((await answered).status()).toBe(400);
    const alert = page.getByRole('alert').filter({ hasText: 'Sign-in did not complete' });
    await expect.poll(() => alert.textContent()).toContain('already completed');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'google-sign-in-replayed-code.png') });
    expect(new URL(page.url()).pathname).toBe(CALLBACK_PATH);
    expect(await page.evaluate(() => localStorage.getItem('auth_tokens'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it('an invited colleague continues with Google from the invitation link into the inviting organization and sees its buildings', async () => {
    const { page: demoPage } = await newPage();
    await signInAsDemo(demoPage, server);
    const demo = await profileOf(demoPage);
    const email = 'invited.colleague@gmail.test';
    await apiAs(demoPage, server, 'POST', '/invitations', { email });
    let link = '';
    await expect
      .poll(() => {
        link = server.output().match(new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/setup-password\\?token=[A-Za-z0-9_-]+`))?.[0] ?? '';
        return link;
      })
      .not.toBe('');

    const { page, errors } = await newPage();
    issuer.signInAs({ sub: 'google-e2e-invited', email, name: 'Ivy Invited' });
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/\/dashboard$/);
    const profile = await profileOf(page);
    expect(profile.user.email).toBe(email);
    expect(profile.organization.id).toBe(demo.organization.id);
    const theirs = await apiAs<unknown>(page, server, 'GET', '/buildings');
    expect(theirs).toEqual(await apiAs<unknown>(demoPage, server, 'GET', '/buildings'));
    expect(errors).toEqual([]);
  });
});
