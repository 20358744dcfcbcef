import { count } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { organizations, users } from '../db/schema';
import type { OrganizationRow, UserRow } from '../auth/repository';

/** Creates an organization and its first member in one statement batch. */
export async function createOrganizationWithUser(
  db: Executor,
  input: { organizationName: string; email: string; name: string; passwordHash: string | null; plan?: string },
): Promise<{ organization: OrganizationRow; user: UserRow }> {
  const [organization] = await db
    .insert(organizations)
    .values({ name: input.organizationName, ...(input.plan ? { plan: input.plan } : {}) })
    .returning();
  if (!organization) throw new Error('insert organization returned nothing');
  const [user] = await db
    .insert(users)
    .values({ organizationId: organization.id, email: input.email.toLowerCase(), name: input.name, passwordHash: input.passwordHash })
    .returning();
  if (!user) throw new Error('insert user returned nothing');
  return { organization, user };
}

/** How many organizations exist: the demo is seeded only into an empty database. */
export async function countOrganizations(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizations);
  return row?.n ?? 0;
}
