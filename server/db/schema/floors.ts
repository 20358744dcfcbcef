import { index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizationId } from './organizations';
import { buildings } from './buildings';
import { floorPlans } from './floorPlans';

/** A storey of a building; `level` 0 is the ground floor. Points at its current floor plan. */
export const floors = pgTable(
  'floors',
  {
    id: id(),
    organizationId: organizationId(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    currentFloorPlanId: uuid('current_floor_plan_id').references((): AnyPgColumn => floorPlans.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('floors_organization_idx').on(t.organizationId),
    index('floors_building_idx').on(t.buildingId),
  ],
);
