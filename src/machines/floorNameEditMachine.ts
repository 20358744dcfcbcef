/**
 * Inline floor rename (SPEC.md section 2 "Breadcrumbs", section 4 "Floor name edit",
 * section 5 "Floor rename", section 8).
 *
 * `notEditing` -> `editing` (on `edit.start`) -> `saving` -> `saved`, or `cancelled`.
 * A commit (Enter or blur) trims the draft: blank or whitespace-only stays in `editing`
 * with the error state (`editing.invalid`); a name equal to the current one is a cancel
 * with no call; anything else is saved. A failed save is logged, keeps the error state,
 * and after 100 ms (`editing.refocusing`) refocuses and selects the input. `saved` and
 * `cancelled` are resting states that accept a new `edit.start`.
 *
 * Tags for components: `editing` (the input shows; also while saving), `saving`,
 * `invalid` (the red error state).
 *
 * Pure: the save call is the `saveName` actor and focusing/selecting the input is the
 * `focusInput` action, both supplied with `floorNameEditMachine.provide()`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { logger } from '../lib/logger';

/** SPEC.md section 9 "Refocus delay", ms. */
export const FLOOR_NAME_REFOCUS_DELAY_MS = 100;
/** SPEC.md section 8 fallback for a failed rename. */
export const FLOOR_UPDATE_FAILED = 'Failed to update floor';

export interface FloorNameEditContext {
  /** The floor's name when editing started, or as last saved. */
  original: string;
  /** What the input holds, untrimmed. */
  draft: string;
  /** Why the last save failed, shown beside the input; null otherwise. */
  failure: string | null;
}

export type FloorNameEditEvent =
  | { type: 'edit.start'; name: string }
  | { type: 'edit.change'; value: string }
  /** Enter or blur. */
  | { type: 'edit.commit' }
  /** Escape. */
  | { type: 'edit.cancel' };

/** Input of the `saveName` actor: the trimmed, changed, non-blank name. */
export interface SaveNameInput {
  name: string;
}

/** Output of the `saveName` actor: the floor as the server now has it (its `data`). */
export interface SaveNameOutput {
  name: string;
}

/** The message of a failed save: the error's own message, else the spec fallback. */
export function saveFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : undefined;
  return message && message.trim() !== '' ? message : FLOOR_UPDATE_FAILED;
}

export const floorNameEditMachine = setup({
  types: {
    context: {} as FloorNameEditContext,
    events: {} as FloorNameEditEvent,
  },
  actors: {
    saveName: fromPromise<SaveNameOutput, SaveNameInput>(() => Promise.reject(new Error('saveName actor not provided'))),
  },
  actions: {
    startDraft: assign(({ event }) => {
      assertEvent(event, 'edit.start');
      return { original: event.name, draft: event.name, failure: null };
    }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'edit.change');
      return { draft: event.value, failure: null };
    }),
    acceptSaved: assign((_, params: SaveNameOutput) => ({ original: params.name, draft: params.name, failure: null })),
    recordFailure: assign((_, params: { error: unknown }) => ({ failure: saveFailureMessage(params.error) })),
    // SPEC.md section 8: a rename failure is logged.
    logFailure: (_, params: { error: unknown }) => logger.error(FLOOR_UPDATE_FAILED, params.error),
    focusInput: () => {},
  },
  guards: {
    draftIsBlank: ({ context }) => context.draft.trim() === '',
    draftIsUnchanged: ({ context }) => context.draft.trim() === context.original,
  },
  delays: {
    refocusDelay: FLOOR_NAME_REFOCUS_DELAY_MS,
  },
}).createMachine({
  id: 'floorNameEdit',
  context: { original: '', draft: '', failure: null },
  initial: 'notEditing',
  states: {
    notEditing: {
      on: { 'edit.start': { target: 'editing', actions: 'startDraft' } },
    },
    editing: {
      tags: ['editing'],
      initial: 'valid',
      states: {
        valid: {},
        invalid: { tags: ['invalid'] },
        // The failed save's error state, waiting to give the input its focus back.
        refocusing: {
          tags: ['invalid'],
          after: { refocusDelay: { target: 'invalid', actions: 'focusInput' } },
        },
      },
      on: {
        'edit.change': { target: '.valid', actions: 'setDraft' },
        'edit.commit': [
          { guard: 'draftIsBlank', target: '.invalid' },
          { guard: 'draftIsUnchanged', target: 'cancelled' },
          { target: 'saving' },
        ],
        'edit.cancel': 'cancelled',
      },
    },
    saving: {
      tags: ['editing', 'saving'],
      invoke: {
        id: 'saveName',
        src: 'saveName',
        input: ({ context }) => ({ name: context.draft.trim() }),
        onDone: { target: 'saved', actions: { type: 'acceptSaved', params: ({ event }) => ({ name: event.output.name }) } },
        onError: {
          target: 'editing.refocusing',
          actions: [
            { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    saved: {
      on: { 'edit.start': { target: 'editing', actions: 'startDraft' } },
    },
    cancelled: {
      on: { 'edit.start': { target: 'editing', actions: 'startDraft' } },
    },
  },
});
