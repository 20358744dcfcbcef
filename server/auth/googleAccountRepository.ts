import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from './repository';

/** Queries linking users to their Google account (`users.google_subject`). */

export async function findUserByGoogleSubject(db: Executor, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return row;
}

/**
 * Links the user to the Google account `subject`, and sets the picture when the user has
 * none. Only a user not linked yet is changed.
 * @returns the updated user, or undefined when it was linked meanwhile
 */
export async function linkGoogleSubject(db: Executor, userId: string, subject: string, picture: string | undefined): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ googleSubject: subject, picture: sql`coalesce(${users.picture}, ${picture ?? null})`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.googleSubject)))
    .returning();
  return row;
}
