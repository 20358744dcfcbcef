import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { passwordResetTokens, refreshTokens, users } from '../db/schema';

/** Queries behind password reset and change (issue 5). */

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertPasswordResetToken(db: Executor, values: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** The reset token with this hash; `forUpdate` locks it until the transaction ends. */
export async function findPasswordResetToken(db: Executor, tokenHash: string, forUpdate = false): Promise<PasswordResetTokenRow | undefined> {
  const query = db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Marks every unused reset token of the user used at `at`: one reset spends all links mailed before it. */
export async function useAllPasswordResetTokens(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Stores a new argon2id PHC string for the user. */
export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Revokes every refresh-token family (session) of the user, but `keepFamilyId` when given:
 * their access tokens are refused at once, since `authenticate` checks the session.
 */
export async function revokeUserSessions(db: Executor, userId: string, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === undefined ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}
