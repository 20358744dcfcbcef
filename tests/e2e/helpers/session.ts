import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/** The demo sign-in that `npm start` seeds (README, server/demo/seed.ts). */
export const DEMO_CREDENTIALS = { email: 'demo@floorwatch.dev', password: 'floorwatch-demo' } as const;

/** Signs in through the login screen and waits for the dashboard. */
export async function signInAsDemo(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(DEMO_CREDENTIALS.email);
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** The page's current access token, as the app stored it (SPEC.md section 9 "Storage"). */
export async function pageAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auth_tokens') ?? '{}') as { access_token?: unknown };
    return typeof stored.access_token === 'string' ? stored.access_token : '';
  });
  if (token === '') throw new Error('the page holds no access token');
  return token;
}

/**
 * Calls the API as the page's signed-in user and returns the parsed JSON body.
 * @throws Error naming the status when the answer is not 2xx.
 */
export async function apiAs<T>(page: Page, server: RunningServer, method: string, route: string, body?: unknown): Promise<T> {
  const token = await pageAccessToken(page);
  const response = await fetch(`${server.url}/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
