import type { Db, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpProblem, badRequest } from '../http/problem';
import { INVALID, USED } from '../invitations/accept';
import { findInvitationForUpdate, findPendingInvitationForEmail, markInvitationAccepted, type InvitationRow } from '../invitations/repository';
import { createOrganizationWithUser } from '../organizations/repository';
import { insertUser } from '../users/repository';
import { findUserByGoogleSubject, linkGoogleSubject } from './googleAccountRepository';
import type { VerifiedIdentity } from './oidc';
import { findUserByEmail, findUserWithOrganization, type OrganizationRow, type UserRow } from './repository';

/** How the Google account was matched to a Floorwatch user. */
export type GoogleSignInOutcome = 'returning' | 'linked' | 'invited' | 'created';

export interface GoogleAccount {
  user: UserRow;
  organization: OrganizationRow;
  outcome: GoogleSignInOutcome;
}

const linkedElsewhere = (email: string) =>
  new HttpProblem(
    409,
    `The Floorwatch account ${email} is already linked to a different Google account. Sign in with that Google account, or with your email and password.`,
  );

/**
 * The invitation a sign-in started from, checked for this person: still usable, and
 * either they have no account yet and Google vouches for the invited email, or their
 * account is already in the inviting organization.
 */
async function boundInvitation(tx: Executor, invitationId: string, identity: VerifiedIdentity, account: UserRow | undefined, now: Date): Promise<InvitationRow> {
  const invitation = await findInvitationForUpdate(tx, invitationId);
  if (account && account.organizationId === invitation?.organizationId) return invitation;
  if (!invitation || invitation.expiresAt.getTime() <= now.getTime()) throw badRequest(INVALID, 'invitation_token');
  if (invitation.acceptedAt !== null) throw badRequest(USED, 'invitation_token');
  if (account) {
    throw new HttpProblem(
      409,
      `${identity.email} already has a Floorwatch account in another organization. A person belongs to one organization only, so this invitation cannot be accepted with that Google account.`,
    );
  }
  if (invitation.email !== identity.email) {
    throw new HttpProblem(
      409,
      `This invitation is for ${invitation.email}, but you signed in with Google as ${identity.email}. Continue with the Google account of ${invitation.email}, or ask for an invitation to ${identity.email}.`,
    );
  }
  return invitation;
}

async function withOrganization(db: Executor, user: UserRow, outcome: GoogleSignInOutcome): Promise<GoogleAccount> {
  const found = await findUserWithOrganization(db, user.id);
  if (!found) throw new Error('the user has no organization');
  return { ...found, outcome };
}

async function resolve(tx: Executor, identity: VerifiedIdentity, now: Date, invitationId: string | null): Promise<GoogleAccount> {
  const known = await findUserByGoogleSubject(tx, identity.subject);
  const byEmail = known ? undefined : await findUserByEmail(tx, identity.email);
  const bound = invitationId === null ? undefined : await boundInvitation(tx, invitationId, identity, known ?? byEmail, now);
  if (known) return withOrganization(tx, known, 'returning');
  const name = identity.name ?? identity.email.split('@')[0] ?? identity.email;
  if (byEmail) {
    // The issuer verified that this person controls the email, as the password user did
    // when they were invited or seeded: it is the same person, so the accounts are linked.
    if (byEmail.googleSubject !== null) throw linkedElsewhere(identity.email);
    const linked = await linkGoogleSubject(tx, byEmail.id, identity.subject, identity.picture);
    if (!linked) throw linkedElsewhere(identity.email);
    return withOrganization(tx, linked, 'linked');
  }
  const invitation = bound ?? (await findPendingInvitationForEmail(tx, identity.email, now));
  if (invitation) {
    const user = await insertUser(tx, { organizationId: invitation.organizationId, email: identity.email, name, passwordHash: null });
    await markInvitationAccepted(tx, invitation.id, now);
    const linked = await linkGoogleSubject(tx, user.id, identity.subject, identity.picture);
    return withOrganization(tx, linked ?? user, 'invited');
  }
  const { user } = await createOrganizationWithUser(tx, {
    organizationName: `${name}’s organization`,
    email: identity.email,
    name,
    passwordHash: null,
  });
  const linked = await linkGoogleSubject(tx, user.id, identity.subject, identity.picture);
  return withOrganization(tx, linked ?? user, 'created');
}

/**
 * Finds or makes the Floorwatch user of a verified Google identity, in one transaction:
 * 1. a user linked to this Google account (`sub`) signs in;
 * 2. a user with the same (issuer-verified) email is linked to it, password kept;
 * 3. else a pending invitation of that email is accepted: the user joins the inviting
 *    organization (the invitation the sign-in started from, else the newest one);
 * 4. else a new organization on the starter plan is created with the user as its first member.
 * A concurrent first sign-in of the same person loses the unique race and is resolved again.
 * @param now the clock of invitation expiry
 * @param invitationId the invitation whose link the sign-in started from, or null
 * @throws HttpProblem 409 when the email's account is linked to another Google account, or
 * (with an invitation) when the Google email is not the invited one or has an account in
 * another organization; 400 naming `invitation_token` when that invitation is used or expired
 */
export async function signInGoogleIdentity(db: Db, identity: VerifiedIdentity, now: Date, invitationId: string | null = null): Promise<GoogleAccount> {
  try {
    return await db.transaction((tx) => resolve(tx, identity, now, invitationId));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.transaction((tx) => resolve(tx, identity, now, invitationId));
  }
}
