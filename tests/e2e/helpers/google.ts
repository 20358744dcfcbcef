import type { Page } from 'playwright-core';
import type { MockIssuer, TestIdentity } from '../../server/helpers/oidcIssuer';
import type { RunningServer } from './server';

/**
 * The server environment that turns Google sign-in on against `issuer`, a local OpenID
 * Connect issuer on loopback standing in for Google (issue 5 "Signing in"). Spread it into
 * `startServer(...)`; the server's default allow-list already holds its own `/auth/callback`.
 */
export function googleSignInEnv(issuer: MockIssuer): Record<string, string> {
  return { GOOGLE_CLIENT_ID: 'floorwatch-e2e', GOOGLE_CLIENT_SECRET: 'e2e-secret', OIDC_ISSUER: issuer.url };
}

/**
 * Signs `page` in as `identity` with 'Sign in with Google' on the login screen, through the
 * real redirects to `issuer` and back to /auth/callback, and waits for the dashboard.
 * @throws playwright's timeout error when the dashboard does not open (e.g. a refused callback).
 */
export async function signInWithGoogle(page: Page, server: RunningServer, issuer: MockIssuer, identity: TestIdentity): Promise<void> {
  issuer.signInAs(identity);
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/dashboard$/);
}
