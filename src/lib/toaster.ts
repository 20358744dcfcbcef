/**
 * The app's toaster: one running `toastMachine` actor for the whole app, and the calls
 * screens use to show toasts (SPEC.md sections 3, 8, 9). The stack is drawn by
 * `src/layout/ToastStack.tsx`, fixed top right.
 *
 * @example toaster.error('Failed to load buildings');
 * @example toaster.show({ type: 'info', title: 'Plan saved', actions: [{ label: 'Undo', action: undo }] });
 */
import { createActor } from 'xstate';
import { toastMachine, toToast } from '../machines/toastMachine';
import type { ToastAction, ToastInput } from '../machines/toastMachine';
import { logger } from './logger';

export type { ToastInput, ToastAction } from '../machines/toastMachine';

/** The running toast stack actor; read it with `useSelector`. */
export const toastActor = createActor(toastMachine).start();

let counter = 0;

function guarded(action: ToastAction): ToastAction {
  return {
    ...action,
    action: () => {
      try {
        action.action();
      } catch (error) {
        logger.error(`Toast action "${action.label}" failed`, error);
      }
    },
  };
}

function show(input: ToastInput): string {
  counter += 1;
  const id = `toast-${counter}`;
  const actions = input.actions?.map(guarded);
  toastActor.send({ type: 'toast.show', toast: toToast(id, { ...input, actions }) });
  return id;
}

type Shortcut = (title: string, message?: string) => string;
const shortcut =
  (type: ToastInput['type']): Shortcut =>
  (title, message) =>
    show({ type, title, message });

/**
 * `show(input)` returns the new toast's id; `success`/`error`/`warning`/`info` take a
 * title and optional message (error toasts stay until dismissed); `dismiss(id)` closes one.
 */
export const toaster: {
  show(input: ToastInput): string;
  success: Shortcut;
  error: Shortcut;
  warning: Shortcut;
  info: Shortcut;
  dismiss(id: string): void;
} = {
  show,
  success: shortcut('success'),
  error: shortcut('error'),
  warning: shortcut('warning'),
  info: shortcut('info'),
  dismiss: (id) => toastActor.send({ type: 'toast.dismiss', id }),
};
