import type { SwaggerUIOptions } from 'swagger-ui-dist/swagger-ui-es-bundle.js';

/**
 * Loads swagger-ui-dist's ES bundle and stylesheet on demand (one chunk and one CSS file
 * that only /api-docs ever requests) and renders `options.url` into `options.domNode`.
 * Rejects when a chunk cannot be loaded.
 */
export async function renderSwaggerUi(options: SwaggerUIOptions): Promise<void> {
  const [bundle] = await Promise.all([
    import('swagger-ui-dist/swagger-ui-es-bundle.js'),
    import('swagger-ui-dist/swagger-ui.css'),
    import('./apiDocs.css'),
  ]);
  bundle.default(options);
}
