/**
 * The app's root: providers (Jotai store with the query client, TanStack Query, the auth
 * actor, Radix Themes), the layout, the routes and the toast stack.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { queryClientAtom } from 'jotai-tanstack-query';
import { Router } from 'wouter';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { AuthActorContext } from './atoms/session.atoms';
import type { AuthActor } from './atoms/session.atoms';
import { queryClient as appQueryClient } from './atoms/queryClient';
import { AppTheme } from './theme/AppTheme';
import { AppLayout } from './layout/AppLayout';
import { ToastStack } from './layout/ToastStack';
import { AppRoutes } from './router/AppRoutes';

export interface AppProvidersProps {
  authActor: AuthActor;
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * Everything screens rely on. The one query client goes to both TanStack's provider and
 * jotai-tanstack-query's `queryClientAtom`, so hooks and atoms share a cache.
 */
export function AppProviders({ authActor, queryClient = appQueryClient, children }: AppProvidersProps) {
  const [store] = useState(() => {
    const created = createStore();
    created.set(queryClientAtom, queryClient);
    return created;
  });
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <AuthActorContext value={authActor}>
          <AppTheme>{children}</AppTheme>
        </AuthActorContext>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

export interface AppProps {
  authActor: AuthActor;
  queryClient?: QueryClient;
  /** Location hooks for wouter; the browser's history by default, memory in tests. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
}

/** The whole app. */
export default function App({ authActor, queryClient, location }: AppProps) {
  return (
    <AppProviders authActor={authActor} queryClient={queryClient}>
      <Router hook={location?.hook} searchHook={location?.searchHook}>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </Router>
      <ToastStack />
    </AppProviders>
  );
}
