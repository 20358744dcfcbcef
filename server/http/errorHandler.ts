import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpProblem, problemBody, type ProblemDetails } from './problem';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * Turns an Ajv issue into the field it concerns, e.g. `x_percent`, a missing property or
 * a property the schema does not know.
 */
function fieldOf(issue: ValidationIssue): string {
  const named = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (typeof named === 'string') return base ? `${base}.${named}` : named;
  return base || '(body)';
}

/** Ajv's message, except for an unknown property, which Ajv words without naming it. */
function messageOf(issue: ValidationIssue): string {
  if (typeof issue.params?.additionalProperty === 'string') return 'is not a known field';
  return issue.message ?? 'is invalid';
}

function validationProblem(error: FastifyError): ProblemDetails {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const errors = issues.map((issue) => ({ field: fieldOf(issue), message: messageOf(issue) }));
  const where = error.validationContext ?? 'body';
  const first = errors[0];
  const detail = first
    ? `${first.field} ${first.message}${where === 'body' ? '' : ` (in ${where})`}`
    : error.message;
  return problemBody(400, detail, { errors });
}

/** Maps Fastify's and plugins' own error codes to problem details with a useful detail. */
function frameworkProblem(error: FastifyError): ProblemDetails | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problemBody(400, `The request body is not valid JSON: ${error.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problemBody(413, 'The request body is larger than this endpoint accepts');
    case 'FST_REQ_FILE_TOO_LARGE':
      return problemBody(413, error.message);
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return problemBody(413, 'Too many parts in the multipart request');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problemBody(415, `Unsupported content type; send ${'application/json'} or multipart/form-data`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return problemBody(415, 'This endpoint expects multipart/form-data');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problemBody(400, 'Content-Length does not match the body');
    default:
      return undefined;
  }
}

/**
 * Renders every error as RFC 9457 problem details. Server faults are
 * logged with their stack and answered with a generic 500: never a stack trace.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let body: ProblemDetails;
      if (error instanceof HttpProblem) {
        body = error.toJSON();
        reply.headers(error.headers);
      } else if (error.validation) {
        body = validationProblem(error);
      } else {
        const mapped = frameworkProblem(error);
        if (mapped) {
          body = mapped;
        } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
          body = problemBody(error.statusCode, error.message);
        } else {
          request.log.error({ err: error }, 'request failed');
          body = problemBody(500, 'Something went wrong on our side; try again');
        }
      }
      if (body.status >= 400 && body.status < 500) request.log.info({ problem: body }, 'client error');
      void reply.status(body.status).type('application/problem+json').send(body);
    });
  },
  { name: 'error-handler' },
);
