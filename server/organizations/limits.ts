import type { Executor } from '../db/client';
import { HttpProblem, notFound } from '../http/problem';
import { limitReachedDetail, limitsOf, type LimitName } from './plans';
import { countOf, lockOrganization } from './repository';

/**
 * The problem for a create or import past a plan limit: 409 Conflict, because the request
 * clashes with the organization's current usage (as a refused plan change does), not with
 * the caller's rights (403) nor a payment (402). `limit` names the limit; `allowed` and
 * `usage` give the numbers (RFC 9457 extension members).
 */
export function limitReached(limit: LimitName, allowed: number, usage: number, adding = 1): HttpProblem {
  return new HttpProblem(409, limitReachedDetail(limit, allowed, usage, adding), { extensions: { limit, allowed, usage } });
}

/** Room left under one limit: what the plan allows, what the organization has, and how many more fit (never negative). */
export interface Room {
  allowed: number;
  usage: number;
  free: number;
}

/**
 * Locks the organization row (see `lockOrganization`) and counts one limited kind. The
 * lock is held until the transaction ends, so a concurrent create waits here and counts
 * this transaction's rows once it commits: counting and inserting cannot race past the
 * limit. Call inside the transaction that inserts.
 * @throws HttpProblem 404 when the organization no longer exists
 */
export async function roomUnder(tx: Executor, organizationId: string, limit: LimitName): Promise<Room> {
  const organization = await lockOrganization(tx, organizationId);
  if (!organization) throw notFound('Organization');
  const allowed = limitsOf(organization)[limit];
  const usage = await countOf(tx, organizationId, limit);
  return { allowed, usage, free: Math.max(0, allowed - usage) };
}

/**
 * Refuses to add `adding` more of one limited kind past the plan's limit. Locks the
 * organization row as `roomUnder` does; call it in the inserting transaction, before the
 * insert. Adding 0 only takes the lock.
 * @throws HttpProblem 409 with `limit` when the rows would not fit
 */
export async function requireRoom(tx: Executor, organizationId: string, limit: LimitName, adding = 1): Promise<void> {
  const room = await roomUnder(tx, organizationId, limit);
  if (adding > room.free) throw limitReached(limit, room.allowed, room.usage, adding);
}
