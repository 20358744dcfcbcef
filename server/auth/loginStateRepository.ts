import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { oidcLoginStates } from '../db/schema';

/** Queries of Google sign-ins in flight (server/db/schema/oidcLoginStates.ts). */

export type LoginStateRow = typeof oidcLoginStates.$inferSelect;

/**
 * Stores a login bound to its state, after sweeping expired ones.
 * @returns false when that state is already taken (nothing written)
 */
export async function insertLoginState(db: Executor, values: typeof oidcLoginStates.$inferInsert, now: Date): Promise<boolean> {
  await db.delete(oidcLoginStates).where(lt(oidcLoginStates.expiresAt, now));
  const rows = await db.insert(oidcLoginStates).values(values).onConflictDoNothing().returning({ id: oidcLoginStates.id });
  return rows.length > 0;
}

/**
 * Removes and returns the login of `state`: one statement, so of two callbacks with the
 * same state only one gets the row (single use). Expired rows are returned too; the
 * caller tells them apart.
 */
export async function takeLoginState(db: Executor, state: string): Promise<LoginStateRow | undefined> {
  const [row] = await db.delete(oidcLoginStates).where(eq(oidcLoginStates.state, state)).returning();
  return row;
}
