import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from './appHarness';
import { fakeApi, json } from './entities/harness';

// Swagger UI's bundle is large; the first test also compiles it.
vi.setConfig({ testTimeout: 60_000 });

/** A small OpenAPI 3.1 document in the shape the server's swagger plugin serves. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Floorwatch API', version: '1.0.0' },
  paths: {
    '/v1/buildings': {
      get: { tags: ['buildings'], summary: 'List the organization’s buildings', responses: { 200: { description: 'Buildings' } } },
    },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('API docs', () => {
  it('renders /v1/openapi.json with Swagger UI under the API Documentation breadcrumb', async () => {
    const api = fakeApi().on('GET', '/v1/openapi.json', () => json(DOCUMENT));
    renderApp('/api-docs', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'API Documentation', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('API Documentation')).toHaveAttribute('aria-current', 'page');
    const docs = screen.getByTestId('swagger-ui');
    expect(await within(docs).findByText('List the organization’s buildings', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(docs).getByText('Floorwatch API')).toBeInTheDocument();
    // Swagger's own requests carry the session's bearer token, as "Try it out" calls do.
    expect(api.callsTo('GET', '/v1/openapi.json')[0]?.authorization).toBe('Bearer access-1');
  });
});
