import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { invitations, organizations, users } from '../db/schema';

/** Queries of invitations (issue 5); every list and delete is scoped to one organization. */

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationWithInviter = InvitationRow & { inviterName: string | null; inviterEmail: string | null };

/** Pending invitations: neither accepted nor expired at `now`. */
const pending = (organizationId: string, now: Date) =>
  and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now));

/** How many pending invitations the organization has; they count against `max_members`. */
export async function countPendingInvitations(db: Executor, organizationId: string, now: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(invitations).where(pending(organizationId, now));
  return row?.n ?? 0;
}

/** The organization's pending invitations, oldest first, with the inviter's name and email. */
export async function listPendingInvitations(db: Executor, organizationId: string, now: Date): Promise<InvitationWithInviter[]> {
  const rows = await db
    .select({ invitation: invitations, inviterName: users.name, inviterEmail: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(pending(organizationId, now))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map((r) => ({ ...r.invitation, inviterName: r.inviterName, inviterEmail: r.inviterEmail }));
}

export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('insert invitation returned nothing');
  return row;
}

/** Deletes the organization's not yet accepted invitations of `email`: a new invitation replaces them. */
export async function deleteOpenInvitationsOf(db: Executor, organizationId: string, email: string): Promise<void> {
  await db
    .delete(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), isNull(invitations.acceptedAt)));
}

/** Deletes one not yet accepted invitation of the organization; false when there is none with that id. */
export async function deleteOpenInvitation(db: Executor, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** The invitation with this token hash; `forUpdate` locks it until the transaction ends. */
export async function findInvitationByTokenHash(db: Executor, tokenHash: string, forUpdate = false): Promise<InvitationRow | undefined> {
  const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** An invitation with the names its setup screen shows: the inviting organization and member. */
export type InvitationPreviewRow = InvitationRow & { organizationName: string; inviterName: string | null };

/** The invitation with this token hash, with its organization's name and its inviter's name. */
export async function findInvitationPreviewByTokenHash(db: Executor, tokenHash: string): Promise<InvitationPreviewRow | undefined> {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name, inviterName: users.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return row ? { ...row.invitation, organizationName: row.organizationName, inviterName: row.inviterName } : undefined;
}

export async function markInvitationAccepted(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(invitations).set({ acceptedAt: at }).where(eq(invitations.id, id));
}

/**
 * The newest pending invitation of `email` (any organization), locked until the
 * transaction ends: a Google sign-in of that email joins the inviting organization.
 */
export async function findPendingInvitationForEmail(tx: Executor, email: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** The invitation with this id, locked until the transaction ends. */
export async function findInvitationForUpdate(tx: Executor, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).limit(1).for('update');
  return row;
}
