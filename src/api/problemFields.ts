import { isRecord } from '../lib/unwrapList';

/**
 * The field errors of a failed call's problem body (`errors: [{ field, message }]`, as the
 * server's 400s carry them), by field name; empty when the error names no field.
 */
export function problemFieldErrors(error: unknown): Record<string, string> {
  const body = isRecord(error) ? error.data : undefined;
  const fields: Record<string, string> = {};
  if (!isRecord(body) || !Array.isArray(body.errors)) return fields;
  for (const item of body.errors) {
    if (isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string' && !(item.field in fields)) {
      fields[item.field] = item.message;
    }
  }
  return fields;
}
