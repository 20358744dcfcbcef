import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Shared column helpers (STYLE.md "Drizzle"): every table uses the same primary key,
 * timestamps and organization column so that scoping and auditing read the same way.
 */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** `created_at`, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** `updated_at`, set by the database on insert and by the repositories on update. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

