import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { AuthContext } from '../auth/plugin';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaqueToken';
import { findUserByEmail, findUserWithOrganization } from '../auth/repository';
import { HttpProblem, notFound } from '../http/problem';
import type { Mailer } from '../mail/mailer';
import { lockOrganization } from '../organizations/repository';
import { countUsers } from '../users/repository';
import { INVITATION_TTL_MS, invitationMail } from './mail';
import {
  countPendingInvitations,
  deleteOpenInvitation,
  deleteOpenInvitationsOf,
  insertInvitation,
  type InvitationWithInviter,
} from './repository';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 409 when members and pending invitations already fill `max_members`; the same status and
 * extension members (`limit`, `allowed`, `usage`) as the plan-limit problems of
 * server/organizations.
 */
function memberLimitReached(allowed: number, members: number, pending: number): HttpProblem {
  return new HttpProblem(
    409,
    `Your plan allows ${plural(allowed, 'member', 'members')}, pending invitations included; the organization has ${plural(members, 'member', 'members')} and ${plural(pending, 'pending invitation', 'pending invitations')}. Revoke a pending invitation, or choose a larger plan in Settings → Organization to invite more.`,
    { extensions: { limit: 'members', allowed, usage: members + pending } },
  );
}

/**
 * Invites `email` into the caller's organization and mails the link
 * `${publicUrl}/setup-password?token=…` (valid 7 days). Inviting an email with a pending
 * invitation replaces it (the old link stops working) and does not count it twice.
 * The organization row is locked while members and invitations are counted, so two
 * invitations cannot pass `max_members` together. When the mail cannot be sent the
 * invitation is deleted again.
 * @param email lower-cased
 * @throws HttpProblem 409 when the email is already a member, has an account in another
 * organization, or the member limit is reached; 502 when the mail could not be sent
 */
export async function inviteMember(
  deps: { db: Db; mailer: Mailer; publicUrl: string; now: () => Date; log: FastifyBaseLogger },
  caller: AuthContext,
  email: string,
): Promise<InvitationWithInviter> {
  const { db, now } = deps;
  const token = newOpaqueToken();
  const { invitation, inviter, organization } = await db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, caller.organizationId);
    const found = await findUserWithOrganization(tx, caller.userId);
    if (!organization || !found) throw notFound('Organization');
    const existing = await findUserByEmail(tx, email);
    if (existing?.organizationId === organization.id) throw new HttpProblem(409, `${email} is already a member of ${organization.name}.`);
    if (existing) {
      throw new HttpProblem(
        409,
        `${email} already has a Floorwatch account in another organization. A person belongs to one organization only, so they cannot be invited.`,
      );
    }
    await deleteOpenInvitationsOf(tx, organization.id, email);
    const members = await countUsers(tx, organization.id);
    const pending = await countPendingInvitations(tx, organization.id, now());
    if (members + pending >= organization.maxMembers) throw memberLimitReached(organization.maxMembers, members, pending);
    const invitation = await insertInvitation(tx, {
      organizationId: organization.id,
      email,
      invitedBy: caller.userId,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
    });
    return { invitation, inviter: found.user, organization };
  });
  const link = `${deps.publicUrl}/setup-password?token=${token}`;
  try {
    await deps.mailer.send(invitationMail({ to: email, inviterName: inviter.name, organizationName: organization.name, link }));
  } catch (error) {
    deps.log.error({ err: error }, 'the invitation mail could not be sent');
    await deleteOpenInvitation(db, organization.id, invitation.id);
    throw new HttpProblem(
      502,
      `The invitation mail to ${email} could not be sent, so no invitation was kept. Try again later; if it keeps failing, the server's mail settings (SMTP_URL) need checking.`,
    );
  }
  return { ...invitation, inviterName: inviter.name, inviterEmail: inviter.email };
}
