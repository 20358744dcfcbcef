import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Problem } from '../../../src/api/types';

/**
 * Asserts an RFC 9457 problem response: exact status, `application/problem+json`, a body
 * whose `status` matches and whose `title` is set, and (when given) a `detail` that
 * contains `detailIncludes` (e.g. the offending field's name).
 * @returns the parsed problem, for further checks
 */
export function expectProblem(response: LightMyRequestResponse, status: number, detailIncludes?: string | RegExp): Problem {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json<Problem>();
  expect(problem.status).toBe(status);
  expect(problem.type).toBe('about:blank');
  expect(problem.title).toEqual(expect.any(String));
  expect(problem.title.length).toBeGreaterThan(0);
  if (detailIncludes !== undefined) {
    expect(problem.detail).toEqual(expect.any(String));
    if (typeof detailIncludes === 'string') expect(problem.detail).toContain(detailIncludes);
    else expect(problem.detail).toMatch(detailIncludes);
  }
  return problem;
}

/** Asserts a validation problem (400) whose detail and `errors` both name `field`. */
export function expectFieldProblem(response: LightMyRequestResponse, field: string, status = 400): Problem {
  const problem = expectProblem(response, status, field);
  expect(problem.errors?.map((e) => e.field)).toContain(field);
  return problem;
}
