import type { FastifyRequest } from 'fastify';

/**
 * Removes secrets from a URL before it is logged: the SSE `token` query parameter
 * (SPEC.md section 7) and anything else that looks like a credential.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|refresh_token|api_key|secret)=)[^&#]*/gi, '$1[REDACTED]');
}

/** Pino options: the Authorization header and cookies are redacted, URLs scrubbed. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-webhook-secret"]'],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
