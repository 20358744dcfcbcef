import type { InvitationWithInviter } from './repository';

/** Wire shape of a pending invitation; the token never leaves the mail. */
export function invitationView(row: InvitationWithInviter) {
  return {
    id: row.id,
    email: row.email,
    invited_by: row.invitedBy === null || row.inviterName === null ? null : { id: row.invitedBy, name: row.inviterName, email: row.inviterEmail ?? '' },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
