import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizationId } from './organizations';

/** A building with its address, coordinates (degrees) and optional map image file. */
export const buildings = pgTable(
  'buildings',
  {
    id: id(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** FileStore key of the map image, null when none was uploaded. */
    mapImageKey: text('map_image_key'),
    mapImageContentType: text('map_image_content_type'),
    mapImageWidth: integer('map_image_width'),
    mapImageHeight: integer('map_image_height'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('buildings_organization_idx').on(t.organizationId)],
);
