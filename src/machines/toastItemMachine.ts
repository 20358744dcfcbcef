/**
 * One toast's life (SPEC.md section 4 "Toast"): visible, then closed after its duration
 * unless persistent, or when the user dismisses it, or after one of its action buttons
 * ran its action. Spawned by `toastMachine`, one actor per toast, which it tells
 * `toast.closed` when done.
 */
import { assertEvent, sendParent, setup } from 'xstate';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A button on a toast; `variant` 'primary' is the emphasised one. */
export interface ToastAction {
  label: string;
  action: () => void;
  variant?: 'primary' | 'secondary';
}

/** A toast as shown (SPEC.md section 3 "Toast notification"); `duration` in ms. */
export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message: string | null;
  duration: number;
  persistent: boolean;
  actions: readonly ToastAction[];
}

export type ToastItemEvent = { type: 'toast.dismiss' } | { type: 'toast.act'; index: number };

export const toastItemMachine = setup({
  types: {
    context: {} as { toast: Toast },
    events: {} as ToastItemEvent,
    input: {} as Toast,
  },
  actions: {
    runAction: ({ context, event }) => {
      assertEvent(event, 'toast.act');
      context.toast.actions[event.index]?.action();
    },
    notifyClosed: sendParent(({ context }) => ({ type: 'toast.closed' as const, id: context.toast.id })),
  },
  guards: {
    expires: ({ context }) => !context.toast.persistent,
  },
  delays: {
    toastDuration: ({ context }) => context.toast.duration,
  },
}).createMachine({
  id: 'toastItem',
  context: ({ input }) => ({ toast: input }),
  initial: 'visible',
  states: {
    visible: {
      after: { toastDuration: { guard: 'expires', target: 'closed' } },
      on: {
        'toast.dismiss': 'closed',
        'toast.act': { target: 'closed', actions: 'runAction' },
      },
    },
    closed: { type: 'final', entry: 'notifyClosed' },
  },
});
