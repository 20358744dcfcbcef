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
    /**
     * The display version, a downscaled copy made when the original's long side is over
     * 4096 px (see server/images/displayVersion.ts). All null when the original is small
     * enough (or an SVG) to be its own display version.
     */
    displayFileName: text('display_file_name'),
    displayStorageKey: text('display_storage_key'),
    displayContentType: text('display_content_type'),
    displayWidth: integer('display_width'),
    displayHeight: integer('display_height'),
    displaySize: bigint('display_size', { mode: 'number' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('floor_plans_floor_file_name_key').on(t.floorId, t.fileName),
    index('floor_plans_organization_idx').on(t.organizationId),
  ],
);
