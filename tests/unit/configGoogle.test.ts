import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { configProblems, tempDataDir } from './helpers/configProblems';

const base = () => ({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'https://fw.example.com' });
const google = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'shh' };

const problemsOf = (env: Record<string, string>): string => configProblems({ ...base(), ...env });

describe('Google sign-in configuration (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, OIDC_ISSUER, OIDC_REDIRECT_URIS)', () => {
  it('is off without a client id and secret', () => {
    expect(loadConfig(base()).google).toBeUndefined();
  });

  it('defaults to Google’s issuer and ${PUBLIC_URL}/auth/callback as the only redirect URI', () => {
    expect(loadConfig({ ...base(), ...google }).google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'shh',
      issuer: 'https://accounts.google.com',
      redirectUris: ['https://fw.example.com/auth/callback'],
    });
  });

  it('takes another issuer (trailing slash dropped; http only on loopback) and a comma list of redirect URIs', () => {
    const config = loadConfig({ ...base(), ...google, OIDC_ISSUER: 'http://127.0.0.1:9000/', OIDC_REDIRECT_URIS: 'https://a.example/auth/callback , http://localhost:5173/auth/callback' });
    expect(config.google).toMatchObject({ issuer: 'http://127.0.0.1:9000', redirectUris: ['https://a.example/auth/callback', 'http://localhost:5173/auth/callback'] });
  });

  it('needs both the client id and the secret', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toContain('GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set');
    expect(problemsOf({ GOOGLE_CLIENT_SECRET: 'shh' })).toContain('GOOGLE_CLIENT_ID is required when GOOGLE_CLIENT_SECRET is set');
  });

  it('refuses an issuer that is not a URL, plain http off loopback, and bad redirect URIs', () => {
    expect(problemsOf({ ...google, OIDC_ISSUER: 'accounts.google.com' })).toContain('OIDC_ISSUER must be an absolute URL');
    expect(problemsOf({ ...google, OIDC_ISSUER: 'http://idp.example.com' })).toContain('OIDC_ISSUER must use https://');
    expect(problemsOf({ ...google, OIDC_REDIRECT_URIS: 'not a url' })).toContain('OIDC_REDIRECT_URIS must list absolute URLs');
    expect(problemsOf({ ...google, OIDC_REDIRECT_URIS: 'https://a.example/cb#x' })).toContain('must not carry a query or fragment');
    expect(problemsOf({ ...google, OIDC_REDIRECT_URIS: 'ftp://a.example/cb' })).toContain('must be http(s) URLs');
  });
});
