import { STATUS_CODES } from 'node:http';

/**
 * RFC 9457 problem details, the body of every error response
 * (`application/problem+json`). `type` is `about:blank` unless a more specific
 * URI helps clients branch on it.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  /** Validation problems name each offending field. */
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
}

/**
 * An error that becomes a problem response. Throw it from handlers and services; the
 * error handler renders it. `detail` is shown to users, so it must be safe and useful.
 */
export class HttpProblem extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail?: string,
    options: { extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? STATUS_CODES[status] ?? 'Error');
    this.name = 'HttpProblem';
    this.status = status;
    this.detail = detail;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }

  toJSON(): ProblemDetails {
    return problemBody(this.status, this.detail, this.extensions);
  }
}

/** Builds a problem body for `status` with the standard reason phrase as title. */
export function problemBody(status: number, detail?: string, extensions: Record<string, unknown> = {}): ProblemDetails {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    ...extensions,
  };
}

/** 400 naming the field: `field` is a JSON path-ish name such as `x_percent`. */
export const badRequest = (detail: string, field?: string) =>
  new HttpProblem(400, detail, field ? { extensions: { errors: [{ field, message: detail }] } } : {});

/** 404 for an id the caller cannot see: another organization's row is a 404, never a 403. */
export const notFound = (what: string) => new HttpProblem(404, `${what} not found`);

export const unauthorized = (detail: string) =>
  new HttpProblem(401, detail, { headers: { 'www-authenticate': 'Bearer' } });
