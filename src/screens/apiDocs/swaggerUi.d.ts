/**
 * The part of swagger-ui-dist's self-contained ES bundle the API docs screen uses
 * (swagger-ui 5 configuration: https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/).
 * The package ships no types of its own.
 */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export interface SwaggerRequest {
    url: string;
    headers: Record<string, string>;
    [key: string]: unknown;
  }

  export interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    deepLinking?: boolean;
    /** null: never send the document to the public validator (no request off this host). */
    validatorUrl?: string | null;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    displayRequestDuration?: boolean;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest;
    onComplete?: () => void;
  }

  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
