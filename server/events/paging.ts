import { Type } from 'typebox';
import { badRequest } from '../http/problem';

/**
 * Cursor paging shared by events, alerts and notifications: newest first on
 * (timestamp, id), `limit` at most 200, and `next_cursor` naming the last row of the
 * page (null on the last page). The cursor is opaque to clients; the repository reads the
 * named row's exact timestamp from the database, so microsecond timestamps never lose
 * rows between pages.
 */

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

/** Query string fields of every paged list. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Rows per page, 1 to ${MAX_PAGE_SIZE}` })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'next_cursor of the previous page' })),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor for the page after the row `id`. */
export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

/**
 * The row id a cursor names.
 * @throws HttpProblem 400 naming `cursor` when it was not made by {@link encodeCursor}.
 */
export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!UUID.test(id)) throw invalidCursor();
  return id;
}

/** 400 for a cursor that names no row the caller can page from. */
export const invalidCursor = () => badRequest('cursor is not valid: pass next_cursor from the previous page unchanged', 'cursor');

/**
 * Splits `limit + 1` fetched rows into a page and its `next_cursor`.
 * @returns at most `limit` items, and the cursor of the last one when more rows exist.
 */
export function toPage<T>(rows: T[], limit: number, idOf: (row: T) => string): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(idOf(last)) : null };
}
