import { bigint, integer, pgTable, text, timestamp, uniqueIndex, uuid, index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { organizationId } from './organizations';
import { floors } from './floors';

/** A floor plan file uploaded for a floor; a floor may hold several, one of them current. */
export const floorPlans = pgTable(
  'floor_plans',
  {
    id: id(),
    organizationId: organizationId(),
    floorId: uuid('floor_id')
      .notNull()
      .references((): AnyPgColumn => floors.id, { onDelete: 'cascade' }),
    /** Public file name, unique per floor, e.g. `plan-2f9c1a.png`. */
    fileName: text('file_name').notNull(),
    /** FileStore key of the original. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    /** Natural size in pixels. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes. */
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('floor_plans_floor_file_name_key').on(t.floorId, t.fileName),
    index('floor_plans_organization_idx').on(t.organizationId),
  ],
);
