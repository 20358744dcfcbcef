import { doublePrecision, index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizationId } from './organizations';
import { floors } from './floors';
import { devices } from './devices';

/**
 * Where a device sits on a floor plan, in percent of the plan's natural size (origin top
 * left), with its optional field of view. A device sits on one floor at a time.
 */
export const devicePositions = pgTable(
  'device_positions',
  {
    id: id(),
    organizationId: organizationId(),
    floorId: uuid('floor_id')
      .notNull()
      .references(() => floors.id, { onDelete: 'cascade' }),
    devicePk: uuid('device_pk')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    xPercent: doublePrecision('x_percent').notNull(),
    yPercent: doublePrecision('y_percent').notNull(),
    /** Field of view (DESIGN.md): degrees clockwise from the image's up, 0..<360. */
    fovHeadingDeg: doublePrecision('fov_heading_deg'),
    /** Degrees, 1..360. */
    fovAngleDeg: doublePrecision('fov_angle_deg'),
    /** Percent of the image width, 0..100. */
    fovRangePercent: doublePrecision('fov_range_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('device_positions_device_key').on(t.devicePk),
    index('device_positions_floor_idx').on(t.floorId),
  ],
);
