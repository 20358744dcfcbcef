/** PostgreSQL's unique_violation (SQLSTATE 23505), seen directly or as the cause of Drizzle's query error. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
