/**
 * Test double of the `/v1` API at `globalThis.fetch` (the client is ofetch, which calls
 * the global fetch lazily) and a renderer that mounts a screen inside the app's providers
 * on a given path: Radix Theme, one fresh QueryClient shared by TanStack Query and the
 * Jotai atoms, and wouter on an in-memory location.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Theme } from '@radix-ui/themes';
import { QueryClientAtomProvider } from 'jotai-tanstack-query/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { onTestFinished, vi } from 'vitest';
import { bindApiSession } from '../../../src/api/client';
import { createQueryClient } from '../../../src/atoms/queryClient';
import { PageActionsSlotContext } from '../../../src/layout/PageActions';

/** One request the screen made. `body` is parsed JSON, a FormData, or undefined. */
export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (optional, so hand-made calls need not carry it). */
  query?: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** A JSON response (problem details get their own content type). */
export function json(body: unknown, status = 200): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

/** An RFC 9457 problem response. */
export function problem(status: number, fields: { title?: string; detail?: string; message?: string } = {}): Response {
  return json({ type: 'about:blank', status, ...fields }, status);
}

/** 204 No Content. */
export const noContent = () => new Response(null, { status: 204 });

/** The fake server: register `METHOD /v1/path` handlers, read the calls made. */
export function fakeApi() {
  const routes = new Map<string, Handler>();
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname: path, searchParams: query } = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? undefined);
    const authorization = new Headers(init?.headers).get('authorization');
    const call = { method, path, query, body, authorization };
    calls.push(call);
    const handler = routes.get(`${method} ${path}`);
    if (!handler) return problem(404, { title: 'Not Found', detail: `No fake for ${method} ${path}` });
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  bindApiSession({ accessToken: () => 'test-token', refreshAccessToken: () => Promise.reject(new Error('no refresh')) });
  return {
    calls,
    /** Answers `METHOD path` with `handler` (replacing any earlier one). */
    on(method: string, path: string, handler: Handler | readonly unknown[] | Record<string, unknown>) {
      routes.set(
        `${method} ${path}`,
        typeof handler === 'function' ? (handler as Handler) : () => json(handler),
      );
      return this;
    },
    /** Calls made with `method` to `path`. */
    callsTo(method: string, path: string) {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/**
 * Renders `ui` under `pattern` (e.g. `/floors/:floorId`) with the location at `path`
 * (which may carry a query string). Queries do not retry, so failures show at once.
 */
export function renderAt(ui: ReactNode, { path, pattern }: { path: string; pattern: string }) {
  // jsdom has no ResizeObserver; Radix's scroll areas (tables) need one to exist.
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  // Nor pointer capture and scrollIntoView, which Radix Select calls when it opens.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  const location = memoryLocation({ path, record: true });
  // The top bar's page-actions slot, so `<PageActions>` content renders in the test.
  const slot = document.createElement('div');
  slot.dataset.testid = 'page-actions';
  document.body.append(slot);
  onTestFinished(() => slot.remove());
  const result = render(
    <Theme>
      <PageActionsSlotContext value={slot}>
        <QueryClientAtomProvider client={client}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <Route path={pattern}>{ui}</Route>
          </Router>
        </QueryClientAtomProvider>
      </PageActionsSlotContext>
    </Theme>,
  );
  return { ...result, client, location, slot };
}
