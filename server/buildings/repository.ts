import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { buildings, floors } from '../db/schema';

/** Queries for buildings. Every one takes the caller's organization id and filters by it. */

export type BuildingRow = typeof buildings.$inferSelect;
export type BuildingWithCount = BuildingRow & { floorCount: number };

// Table-qualified by hand: drizzle leaves columns unqualified in single-table selects,
// which inside the subquery would bind to the floors table.
const floorCount = sql<number>`(select count(*)::int from ${floors} where ${floors}.building_id = ${buildings}.id)`;

export async function listBuildings(db: Executor, organizationId: string): Promise<BuildingWithCount[]> {
  return db
    .select({ building: buildings, floorCount })
    .from(buildings)
    .where(eq(buildings.organizationId, organizationId))
    .orderBy(asc(buildings.name), asc(buildings.createdAt))
    .then((rows) => rows.map((r) => ({ ...r.building, floorCount: r.floorCount })));
}

export async function findBuilding(db: Executor, organizationId: string, id: string): Promise<BuildingWithCount | undefined> {
  const [row] = await db
    .select({ building: buildings, floorCount })
    .from(buildings)
    .where(and(eq(buildings.organizationId, organizationId), eq(buildings.id, id)))
    .limit(1);
  return row && { ...row.building, floorCount: row.floorCount };
}

export async function insertBuilding(db: Executor, values: typeof buildings.$inferInsert): Promise<BuildingRow> {
  const [row] = await db.insert(buildings).values(values).returning();
  if (!row) throw new Error('insert building returned nothing');
  return row;
}

export async function updateBuilding(
  db: Executor,
  organizationId: string,
  id: string,
  values: Partial<typeof buildings.$inferInsert>,
): Promise<BuildingRow | undefined> {
  const [row] = await db
    .update(buildings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(buildings.organizationId, organizationId), eq(buildings.id, id)))
    .returning();
  return row;
}

export async function deleteBuilding(db: Executor, organizationId: string, id: string): Promise<BuildingRow | undefined> {
  const [row] = await db
    .delete(buildings)
    .where(and(eq(buildings.organizationId, organizationId), eq(buildings.id, id)))
    .returning();
  return row;
}

export async function countBuildings(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(buildings).where(eq(buildings.organizationId, organizationId));
  return row?.n ?? 0;
}
