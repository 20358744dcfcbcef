import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** An organization: the tenant every other row belongs to, with its plan and usage limits. */
export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('starter'),
  maxBuildings: integer('max_buildings').notNull().default(10),
  maxFloors: integer('max_floors').notNull().default(50),
  maxDevices: integer('max_devices').notNull().default(250),
  maxMembers: integer('max_members').notNull().default(10),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * `organization_id`, the tenant every scoped row carries; deleting the organization
 * deletes its rows. Every query on such a table filters by it (DESIGN.md "Data model").
 */
export const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
