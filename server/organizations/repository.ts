import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { buildings, devices, floors, invitations, organizations, users } from '../db/schema';
import type { OrganizationRow, UserRow } from '../auth/repository';
import { isPlanName, limitColumns, type LimitCounts, type LimitName, type PlanName } from './plans';

/**
 * Creates an organization and its first member in one statement batch. The limits come
 * from the plan (starter when none is given), so a new organization matches its plan.
 */
export async function createOrganizationWithUser(
  db: Executor,
  input: { organizationName: string; email: string; name: string; passwordHash: string | null; plan?: string },
): Promise<{ organization: OrganizationRow; user: UserRow }> {
  const plan = input.plan && isPlanName(input.plan) ? input.plan : 'starter';
  const [organization] = await db
    .insert(organizations)
    .values({ name: input.organizationName, plan, ...limitColumns(plan) })
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

/** The organization row, or undefined. Callers pass the caller's own organization id. */
export async function findOrganization(db: Executor, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/**
 * Reads the organization row and locks it until the transaction ends, so creates and plan
 * changes of one organization take turns: each counts, checks and writes while the others
 * wait. `FOR NO KEY UPDATE`, not `FOR UPDATE`: it still excludes every other limit check
 * (they take the same lock), but not the `FOR KEY SHARE` locks that foreign-key checks
 * take, so webhook events and other rows pointing at the organization are inserted
 * meanwhile without waiting. Call inside a transaction only.
 */
export async function lockOrganization(tx: Executor, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('no key update').limit(1);
  return row;
}

const TABLES = { buildings, floors, devices, members: users } as const;

/**
 * Pending invitations of the organization (neither accepted nor expired): they hold a
 * member's place, as server/invitations counts them when inviting.
 */
const pendingInvitations = (organizationId: string) =>
  sql<number>`(select count(*)::int from ${invitations} where ${invitations.organizationId} = ${organizationId} and ${invitations.acceptedAt} is null and ${invitations.expiresAt} > now())`;

/** The SQL count of one limited kind; members include pending invitations. */
function usageOf(organizationId: string, limit: LimitName) {
  const table = TABLES[limit];
  const rows = sql<number>`(select count(*)::int from ${table} where ${table.organizationId} = ${organizationId})`;
  return limit === 'members' ? sql<number>`(${rows} + ${pendingInvitations(organizationId)})` : rows;
}

/** How many of one limited kind the organization has (members: users and pending invitations). */
export async function countOf(db: Executor, organizationId: string, limit: LimitName): Promise<number> {
  const [row] = await db.select({ n: usageOf(organizationId, limit) }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.n ?? 0;
}

/** The organization's current usage of every limit, in one statement. */
export async function countUsage(db: Executor, organizationId: string): Promise<LimitCounts> {
  const [row] = await db
    .select({
      buildings: usageOf(organizationId, 'buildings'),
      floors: usageOf(organizationId, 'floors'),
      devices: usageOf(organizationId, 'devices'),
      members: usageOf(organizationId, 'members'),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { buildings: 0, floors: 0, devices: 0, members: 0 };
}

/** Sets the plan and its limits; returns the updated row. */
export async function setPlan(db: Executor, id: string, plan: PlanName): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ plan, ...limitColumns(plan), updatedAt: sql`now()` })
    .where(eq(organizations.id, id))
    .returning();
  return row;
}
