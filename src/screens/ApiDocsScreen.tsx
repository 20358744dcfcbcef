import { useEffect, useRef, useState } from 'react';
import { Card, Code, Link as RadixLink } from '@radix-ui/themes';
import { useAuthActor } from '../atoms/session.atoms';
import { API_BASE_URL } from '../api/client';
import { logger } from '../lib/logger';
import { PageHeader } from '../layout/PageHeader';
import { LoadError } from './common/LoadError';
import { TableSkeleton } from './common/TableSkeleton';
import { renderSwaggerUi } from './apiDocs/loadSwaggerUi';

const DOCUMENT_URL = `${API_BASE_URL}/openapi.json`;

/**
 * /api-docs (SPEC.md section 2; DESIGN.md "Wire conventions"): the OpenAPI 3.1 document of
 * `GET /v1/openapi.json` rendered by Swagger UI, loaded only when this screen opens.
 * "Try it out" calls carry the signed-in user's bearer token, as the app's own calls do.
 */
export default function ApiDocsScreen() {
  const auth = useAuthActor();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let live = true;
    setStatus('loading');
    // Swagger UI shows the document's own loading and fetch errors once its bundle runs.
    renderSwaggerUi({
      domNode: node,
      url: DOCUMENT_URL,
      validatorUrl: null,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      requestInterceptor: (request) => {
        const token = auth.getSnapshot().context.session?.access_token;
        if (token && request.url.includes(API_BASE_URL)) request.headers.Authorization = `Bearer ${token}`;
        return request;
      },
    })
      .then(() => live && setStatus('ready'))
      .catch((error: unknown) => {
      logger.error('The API documentation renderer did not load', error);
      if (live) setStatus('failed');
    });
    return () => {
      live = false;
      node.replaceChildren();
    };
  }, [auth, attempt]);

  return (
    <div className="fw-page">
      <PageHeader
        title="API Documentation"
        description={
          <>
            Every call of the Floorwatch <Code variant="ghost">/v1</Code> HTTP API, from its{' '}
            <RadixLink href={DOCUMENT_URL} target="_blank" rel="noreferrer">
              OpenAPI 3.1 document
            </RadixLink>
            . Calls need a bearer access token; “Try it out” sends yours.
          </>
        }
      />
      {status === 'failed' && (
        <LoadError message={'Failed to load the API documentation'} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {status === 'loading' && <TableSkeleton rows={6} />}
      <Card size="2" className="fw-api-docs" hidden={status !== 'ready'}>
        <div ref={container} data-testid="swagger-ui" />
      </Card>
    </div>
  );
}
