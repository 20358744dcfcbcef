/**
 * The toast stack (SPEC.md section 9): the toaster's toasts, fixed top right, newest on top.
 * Their rendering (`ToastList`) loads once the page is idle, or with a first toast raised
 * before that (issue 5 "Weight of the pages"); the toaster itself stays in the entry, as
 * any screen may raise a toast.
 */
import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { toastActor as appToastActor } from '../lib/toaster';
import type { toastMachine } from '../machines/toastMachine';

type ToastListComponent = ComponentType<{ actor: ActorRefFrom<typeof toastMachine> }>;

let loaded: ToastListComponent | null = null;
const loadToastList = () => import('./ToastList').then((module) => (loaded = module.default));
/** For a toast raised before the idle-time load below is in. */
const LazyToastList = lazy(() => loadToastList().then((component) => ({ default: component })));

/** Nothing while there is no toast; else the toasts of `actor` (the app's toaster by default). */
export function ToastStack({ actor = appToastActor }: { actor?: ActorRefFrom<typeof toastMachine> }) {
  const hasToasts = useSelector(actor, (snapshot) => snapshot.context.toasts.length > 0);
  // Loaded once the page is idle, so a toast shows in the same frame as what raised it.
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 0));
    whenIdle(() => void loadToastList().catch(() => undefined));
  }, []);
  if (!hasToasts) return null;
  const ToastList = loaded ?? LazyToastList;
  return (
    <Suspense fallback={null}>
      <ToastList actor={actor} />
    </Suspense>
  );
}
