import { ComingSoon } from './ComingSoon';

/** /api-docs (SPEC.md section 2); the rendered OpenAPI document arrives with its own issue. */
export default function ApiDocsScreen() {
  return (
    <ComingSoon title="API Documentation" description="The Floorwatch /v1 HTTP API.">
      The OpenAPI 3.1 description of every endpoint, served by the API at /v1/openapi.json, will be rendered here.
    </ComingSoon>
  );
}
