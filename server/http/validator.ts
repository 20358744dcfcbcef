import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const base: Options = {
  useDefaults: true,
  // Unknown properties are refused (400), never silently dropped.
  removeAdditional: false,
  // One error is enough for a useful detail; all errors invite a regex DoS.
  allErrors: false,
  addUsedSchema: false,
};

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...base, ...options });
  addFormats(ajv);
  return ajv;
}

/**
 * Validators per part of the request. JSON bodies are validated strictly: a JSON `null`
 * or `"2"` where a number is wanted is a 400, never coerced to 0 or 2. Query strings,
 * path parameters, headers and multipart form fields arrive as text, so there a number
 * or boolean is read from its string form.
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = makeAjv({ coerceTypes: false });
  const coercing = makeAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart, contentType }: { schema: unknown; httpPart?: string; contentType?: string }) => {
    const textual = httpPart !== 'body' || contentType === 'multipart/form-data';
    return (textual ? coercing : strict).compile(schema as object);
  };
}
