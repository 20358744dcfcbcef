import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { organizations, refreshTokens, users } from '../db/schema';

/** Queries for users, their organizations and refresh tokens. */

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserWithOrganization(
  db: Executor,
  userId: string,
): Promise<{ user: UserRow; organization: OrganizationRow } | undefined> {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert): Promise<RefreshTokenRow> {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  if (!row) throw new Error('insert refresh token returned nothing');
  return row;
}

/** Locks and returns the token row by hash, for rotation inside a transaction. */
export async function findRefreshTokenForUpdate(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update').limit(1);
  return row;
}

export async function markReplaced(db: Executor, id: string, replacedBy: string): Promise<void> {
  await db.update(refreshTokens).set({ replacedBy }).where(eq(refreshTokens.id, id));
}

/** Revokes every token of a family (logout, or reuse of a rotated token). */
export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** True while the session (refresh-token family) has a token that is neither revoked nor expired. */
export async function isSessionActive(db: Executor, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
