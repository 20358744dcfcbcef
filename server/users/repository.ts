import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../auth/repository';

/** Queries that create and change users (issue 5: invited members, profile). */

/** Adds a user to an organization; `email` is stored lower-cased. */
export async function insertUser(
  db: Executor,
  values: { organizationId: string; email: string; name: string; passwordHash: string | null },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('insert user returned nothing');
  return row;
}

/** Sets the given profile fields of the user of that organization; undefined when no such user. */
export async function updateProfile(
  db: Executor,
  organizationId: string,
  userId: string,
  fields: { name?: string; picture?: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)))
    .returning();
  return row;
}

/** How many users the organization has. */
export async function countUsers(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.organizationId, organizationId));
  return row?.n ?? 0;
}

/** The organization's users, oldest first (the founder first). */
export async function listMembers(db: Executor, organizationId: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.organizationId, organizationId)).orderBy(asc(users.createdAt), asc(users.email));
}
