/**
 * The organization's people (issue 5 "Inviting"): its members (`GET /v1/users`) and its
 * pending invitations (`GET`, `POST /v1/invitations`, `DELETE /v1/invitations/{id}`).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { User } from './types';

export interface Member extends User {
  created_at: string;
}

export interface Invitation {
  id: string;
  /** Lower-cased. */
  email: string;
  /** The member who sent it; null once that member was deleted. */
  invited_by: { id: string; name: string; email: string } | null;
  created_at: string;
  /** 7 days after it was sent. */
  expires_at: string;
}

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: ['members'],
    queryFn: async () => (await apiFetch<{ users: Member[] }>('/users')).users,
  });

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['invitations'],
    queryFn: async () => (await apiFetch<{ invitations: Invitation[] }>('/invitations')).invitations,
  });

/**
 * Invites `email` into the caller's organization; the server mails the setup link.
 * Throws the fetch error: 409 when already a member, in another organization, or past the
 * members limit; 502 when the mail could not be sent.
 */
export function inviteMember(email: string): Promise<Invitation> {
  return apiFetch<Invitation>('/invitations', { method: 'POST', body: { email } });
}

/** Revokes a pending invitation (its link stops working). Throws the fetch error (404). */
export async function revokeInvitation(id: string): Promise<void> {
  await apiFetch(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
