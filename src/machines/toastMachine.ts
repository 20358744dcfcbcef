/**
 * The toast stack (SPEC.md sections 3, 4, 8, 9): each shown toast is a spawned
 * `toastItemMachine` actor whose ref sits in `context.toasts` (oldest first); the row
 * component reads it with `useSelector`. Defaults: 5 000 ms, error toasts persistent.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { toastItemMachine } from './toastItemMachine';
import type { Toast, ToastAction, ToastType } from './toastItemMachine';

export type { Toast, ToastAction, ToastType } from './toastItemMachine';

/** SPEC.md section 9: default toast duration, ms. */
export const TOAST_DEFAULT_DURATION_MS = 5_000;

/** What a caller gives to show a toast; omitted fields take the spec's defaults. */
export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string | null;
  /** ms; default 5 000. */
  duration?: number;
  /** Default: true for error toasts, false otherwise. */
  persistent?: boolean;
  actions?: readonly ToastAction[];
}

/** Fills the defaults of `input` for the toast with id `id`. */
export function toToast(id: string, input: ToastInput): Toast {
  return {
    id,
    type: input.type,
    title: input.title,
    message: input.message ?? null,
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
    persistent: input.persistent ?? input.type === 'error',
    actions: input.actions ?? [],
  };
}

export type ToastItemRef = ActorRefFrom<typeof toastItemMachine>;

export interface ToastContext {
  toasts: { id: string; ref: ToastItemRef }[];
}

export type ToastEvent =
  | { type: 'toast.show'; toast: Toast }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.act'; id: string; index: number }
  | { type: 'toast.closed'; id: string };

export const toastMachine = setup({
  types: { context: {} as ToastContext, events: {} as ToastEvent },
  actors: { toastItem: toastItemMachine },
}).createMachine({
  id: 'toasts',
  context: { toasts: [] },
  on: {
    'toast.show': {
      guard: ({ context, event }) => !context.toasts.some((t) => t.id === event.toast.id),
      actions: assign({
        toasts: ({ context, event, spawn }) => [
          ...context.toasts,
          { id: event.toast.id, ref: spawn('toastItem', { id: event.toast.id, input: event.toast }) },
        ],
      }),
    },
    'toast.dismiss': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const entry = context.toasts.find((t) => t.id === event.id);
        if (entry) enqueue.sendTo(entry.ref, { type: 'toast.dismiss' });
      }),
    },
    'toast.act': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const entry = context.toasts.find((t) => t.id === event.id);
        if (entry) enqueue.sendTo(entry.ref, { type: 'toast.act', index: event.index });
      }),
    },
    'toast.closed': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.assign({ toasts: ({ context }) => context.toasts.filter((t) => t.id !== event.id) });
        enqueue.stopChild(event.id);
      }),
    },
  },
});
