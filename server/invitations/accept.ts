import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { hashOpaqueToken } from '../auth/opaqueToken';
import { hashPassword } from '../auth/passwords';
import { findUserByEmail, findUserWithOrganization, type OrganizationRow, type UserRow } from '../auth/repository';
import { HttpProblem, badRequest } from '../http/problem';
import { insertUser } from '../users/repository';
import { findInvitationByTokenHash, findInvitationPreviewByTokenHash, markInvitationAccepted, type InvitationRow } from './repository';

/** Why an invitation link cannot be used; shared with Google sign-in from the link. */
export const INVALID = 'This invitation link is invalid or has expired. Ask a member of your organization to invite you again.';
export const USED = 'This invitation link was already used. Sign in with your email and password instead.';

const alreadyRegistered = (email: string) =>
  new HttpProblem(409, `An account with ${email} already exists. Sign in with it instead, or reset its password from the sign-in screen.`);

/**
 * The invitation if its link can still be used at `now`.
 * @throws HttpProblem 400 naming `token` when it is unknown, expired or already used
 */
function usableInvitation<Row extends InvitationRow>(row: Row | undefined, now: () => Date): Row {
  if (!row || row.expiresAt.getTime() <= now().getTime()) throw badRequest(INVALID, 'token');
  if (row.acceptedAt !== null) throw badRequest(USED, 'token');
  return row;
}

/** What the setup screen shows of an invitation before the colleague picks a password. */
export interface InvitationPreview {
  email: string;
  organizationName: string;
  /** The inviting member's name; null once that member was deleted. */
  inviterName: string | null;
  expiresAt: Date;
}

/**
 * Reads an invitation from its mailed link without using it, so the setup screen can say
 * which organization the colleague joins, as which email, and refuse a dead link before
 * a password is typed. The same checks as {@link acceptInvitation}, in the same words.
 * @throws HttpProblem 400 naming `token` when it is unknown, expired or already used; 409
 * when an account with the invited email exists by now
 */
export async function previewInvitation(db: Db, token: string, now: () => Date): Promise<InvitationPreview> {
  const row = usableInvitation(await findInvitationPreviewByTokenHash(db, hashOpaqueToken(token)), now);
  if (await findUserByEmail(db, row.email)) throw alreadyRegistered(row.email);
  return { email: row.email, organizationName: row.organizationName, inviterName: row.inviterName, expiresAt: row.expiresAt };
}

/**
 * Accepts an invitation from its mailed link: creates the user in the inviting
 * organization with the given password and consumes the invitation. The caller has checked
 * the password policy, and starts the session.
 * @param name shown name; defaults to the email's local part
 * @throws HttpProblem 400 naming `token` when it is unknown, expired or already used; 409
 * when an account with the invited email exists by now
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password: string; name?: string },
  now: () => Date,
): Promise<{ user: UserRow; organization: OrganizationRow }> {
  const tokenHash = hashOpaqueToken(input.token);
  const check = (row: InvitationRow | undefined) => usableInvitation(row, now);
  // Cheap checks first, so a forged token never costs an argon2 hash; checked again under lock.
  const first = check(await findInvitationByTokenHash(db, tokenHash));
  if (await findUserByEmail(db, first.email)) throw alreadyRegistered(first.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = check(await findInvitationByTokenHash(tx, tokenHash, true));
      if (await findUserByEmail(tx, invitation.email)) throw alreadyRegistered(invitation.email);
      const name = input.name ?? invitation.email.split('@')[0] ?? invitation.email;
      const user = await insertUser(tx, { organizationId: invitation.organizationId, email: invitation.email, name, passwordHash });
      await markInvitationAccepted(tx, invitation.id, now());
      const found = await findUserWithOrganization(tx, user.id);
      if (!found) throw new Error('the new user has no organization');
      return found;
    });
  } catch (error) {
    // Two invitations of one email (from two organizations) accepted at the same moment.
    if (isUniqueViolation(error)) throw alreadyRegistered(first.email);
    throw error;
  }
}
