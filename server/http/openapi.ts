import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI 3.1 document of the whole API, made from the route schemas and served at
 * `GET /v1/openapi.json` (DESIGN.md "Wire conventions").
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Floorwatch API',
          version: '1.0.0',
          description:
            'Buildings, floors, floor plans and security devices placed on them by percentage position. ' +
            'Errors are RFC 9457 problem details (application/problem+json).',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
