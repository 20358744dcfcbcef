import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { buildings, devicePositions, floorPlans, floors } from '../db/schema';

/** Queries for floors and their floor plan files, always filtered by organization. */

export type FloorRow = typeof floors.$inferSelect;
export type FloorPlanRow = typeof floorPlans.$inferSelect;
export type FloorWithPlan = FloorRow & { plan: FloorPlanRow | null; deviceCount: number };

// Table-qualified by hand: drizzle may leave columns unqualified, binding them to the subquery's table.
const deviceCount = sql<number>`(select count(*)::int from ${devicePositions} where ${devicePositions}.floor_id = ${floors}.id)`;

function selectFloors(db: Executor) {
  return db
    .select({ floor: floors, plan: floorPlans, deviceCount })
    .from(floors)
    .leftJoin(floorPlans, eq(floorPlans.id, floors.currentFloorPlanId));
}

const merge = (r: { floor: FloorRow; plan: FloorPlanRow | null; deviceCount: number }): FloorWithPlan => ({
  ...r.floor,
  plan: r.plan,
  deviceCount: r.deviceCount,
});

export async function listFloors(db: Executor, organizationId: string, buildingId: string): Promise<FloorWithPlan[]> {
  const rows = await selectFloors(db)
    .where(and(eq(floors.organizationId, organizationId), eq(floors.buildingId, buildingId)))
    .orderBy(asc(floors.level), asc(floors.name));
  return rows.map(merge);
}

export async function findFloor(db: Executor, organizationId: string, id: string): Promise<FloorWithPlan | undefined> {
  const [row] = await selectFloors(db).where(and(eq(floors.organizationId, organizationId), eq(floors.id, id))).limit(1);
  return row && merge(row);
}

export async function buildingExists(db: Executor, organizationId: string, buildingId: string): Promise<boolean> {
  const rows = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.organizationId, organizationId), eq(buildings.id, buildingId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertFloor(db: Executor, values: typeof floors.$inferInsert): Promise<FloorRow> {
  const [row] = await db.insert(floors).values(values).returning();
  if (!row) throw new Error('insert floor returned nothing');
  return row;
}

export async function updateFloor(
  db: Executor,
  organizationId: string,
  id: string,
  values: Partial<typeof floors.$inferInsert>,
): Promise<FloorRow | undefined> {
  const [row] = await db
    .update(floors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(floors.organizationId, organizationId), eq(floors.id, id)))
    .returning();
  return row;
}

export async function deleteFloor(db: Executor, organizationId: string, id: string): Promise<FloorRow | undefined> {
  const [row] = await db.delete(floors).where(and(eq(floors.organizationId, organizationId), eq(floors.id, id))).returning();
  return row;
}

export async function insertFloorPlan(db: Executor, values: typeof floorPlans.$inferInsert): Promise<FloorPlanRow> {
  const [row] = await db.insert(floorPlans).values(values).returning();
  if (!row) throw new Error('insert floor plan returned nothing');
  return row;
}

export async function listFloorPlans(db: Executor, organizationId: string, floorId: string): Promise<FloorPlanRow[]> {
  return db
    .select()
    .from(floorPlans)
    .where(and(eq(floorPlans.organizationId, organizationId), eq(floorPlans.floorId, floorId)))
    .orderBy(asc(floorPlans.uploadedAt));
}

export async function findFloorPlan(db: Executor, organizationId: string, floorId: string, fileName: string): Promise<FloorPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(floorPlans)
    .where(and(eq(floorPlans.organizationId, organizationId), eq(floorPlans.floorId, floorId), eq(floorPlans.fileName, fileName)))
    .limit(1);
  return row;
}

export async function deleteFloorPlan(db: Executor, organizationId: string, id: string): Promise<void> {
  await db.delete(floorPlans).where(and(eq(floorPlans.organizationId, organizationId), eq(floorPlans.id, id)));
}

/** Matches a plan by its original's or its display version's file name. */
const planFileNamed = (fileName: string) => or(eq(floorPlans.fileName, fileName), eq(floorPlans.displayFileName, fileName));

/**
 * The plan that a served file name belongs to, as its original or its display version
 * (compare `fileName` to tell which); for GET of a plan file.
 */
export async function findServedFloorPlan(db: Executor, organizationId: string, floorId: string, fileName: string): Promise<FloorPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(floorPlans)
    .where(and(eq(floorPlans.organizationId, organizationId), eq(floorPlans.floorId, floorId), planFileNamed(fileName)))
    .limit(1);
  return row;
}

/**
 * {@link findServedFloorPlan} across organizations: only for a request that carries a
 * valid signature, which the server issued to a member of the file's organization.
 */
export async function findSignedFloorPlan(db: Executor, floorId: string, fileName: string): Promise<FloorPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(floorPlans)
    .where(and(eq(floorPlans.floorId, floorId), planFileNamed(fileName)))
    .limit(1);
  return row;
}
