/**
 * Password calls beyond sign-in (SPEC.md section 7 "Auth", issue 5): reset request, reset
 * by mailed link, setup by invitation link (no bearer: the link's token is the proof), and
 * the signed-in password change (bearer, with the client's refresh-once rule).
 */
import { apiFetch } from './client';
import { createAuthFetch } from './auth';
import type { SessionResponse } from './types';

const linkFetch = createAuthFetch();

/**
 * `POST /v1/auth/password/reset-request`: mails a single-use reset link when the email has
 * an account. Resolves the server's confirmation, the same for every email. Throws the
 * fetch error (400 malformed email, 429 too many requests).
 */
export async function requestPasswordReset(email: string): Promise<string> {
  const body = await linkFetch<{ message?: unknown }>('/auth/password/reset-request', { method: 'POST', body: { email } });
  return typeof body?.message === 'string' ? body.message : '';
}

/**
 * `POST /v1/auth/password/reset` with the link's token and the new password; resolves on
 * 204. Throws the fetch error: 400 naming `password` (policy) or `token` (invalid,
 * expired or used link).
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  await linkFetch('/auth/password/reset', { method: 'POST', body: { token, password } });
}

/**
 * `POST /v1/auth/password/setup` from an invitation link: creates the account in the
 * inviting organization and resolves its session (as sign-in does). `name` is left out
 * when blank, so the server uses the email's local part. Throws the fetch error: 400
 * naming `password`, `name` or `token`; 409 when the email has an account by now.
 */
export function setupPassword(token: string, password: string, name?: string): Promise<SessionResponse> {
  return linkFetch<SessionResponse>('/auth/password/setup', { method: 'POST', body: { token, password, ...(name ? { name } : {}) } });
}

/** What an invitation link leads to (`POST /v1/auth/password/setup/preview`). */
export interface InvitationPreview {
  /** The invited email: the new account's sign-in email. */
  email: string;
  organization: { name: string };
  /** The member who invited; null once that member was deleted. */
  invited_by: { name: string } | null;
  /** ISO 8601 instant the link stops working. */
  expires_at: string;
}

/**
 * `POST /v1/auth/password/setup/preview`: reads an invitation link without using it.
 * Throws the fetch error: 400 naming `token` (invalid, expired or used link), 409 when
 * the email has an account by now.
 */
export function previewInvitation(token: string): Promise<InvitationPreview> {
  return linkFetch<InvitationPreview>('/auth/password/setup/preview', { method: 'POST', body: { token } });
}

/**
 * `POST /v1/auth/password/change` as the signed-in user; resolves on 204 (the server
 * signs out every other session). Throws the fetch error: 400 naming `current_password`
 * or `new_password`, 429 after repeated wrong current passwords.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiFetch('/auth/password/change', { method: 'POST', body: { current_password: currentPassword, new_password: newPassword } });
}
