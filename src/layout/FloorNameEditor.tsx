import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { Pencil1Icon } from '@radix-ui/react-icons';
import { problemMessage } from '../api/client';
import { updateFloorAtom } from '../atoms/floors.atoms';
import { FLOOR_UPDATE_FAILED, floorNameEditMachine } from '../machines/floorNameEditMachine';
import type { SaveNameInput, SaveNameOutput } from '../machines/floorNameEditMachine';
import './floorNameEditor.css';

/**
 * The floor name in the breadcrumb, renamed inline (SPEC.md section 2 "Breadcrumbs",
 * sections 4, 5 and 8): the pencil titled 'Edit floor name' opens an input; Enter or blur
 * saves, Escape cancels. Blank keeps editing with a red border; a failed save keeps it,
 * shows the problem's detail or 'Failed to update floor', and refocuses and selects the
 * input after 100 ms. The saved floor (the response's `data`) replaces the cached one,
 * so the floor screen and its building's lists show the new name. Render it only in edit
 * mode; key it by floor id so each floor gets its own editor.
 */
export function FloorNameEditor({ floorId, name, current }: { floorId: string; name: string; current: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const failureId = useId();
  const { mutateAsync } = useAtomValue(updateFloorAtom);
  // The actor is made once; its save reads the latest mutation function through a ref.
  const mutateRef = useRef(mutateAsync);
  useEffect(() => {
    mutateRef.current = mutateAsync;
  }, [mutateAsync]);

  const actor = useActorRef(
    floorNameEditMachine.provide({
      actors: {
        saveName: fromPromise<SaveNameOutput, SaveNameInput>(async ({ input }) => {
          try {
            const floor = await mutateRef.current({ id: floorId, changes: { name: input.name } });
            return { name: floor.name };
          } catch (error) {
            throw new Error(problemMessage(error, FLOOR_UPDATE_FAILED), { cause: error });
          }
        }),
      },
      actions: {
        focusInput: () => {
          inputRef.current?.focus();
          inputRef.current?.select();
        },
      },
    }),
  );
  const editing = useSelector(actor, (s) => s.hasTag('editing'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const invalid = useSelector(actor, (s) => s.hasTag('invalid'));
  const draft = useSelector(actor, (s) => s.context.draft);
  const failure = useSelector(actor, (s) => (s.hasTag('invalid') ? s.context.failure : null));

  // The input opens with the name selected, ready to be typed over.
  useEffect(() => {
    if (!editing) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [editing]);

  if (!editing) {
    return (
      <Flex align="center" gap="1" style={{ minWidth: 0 }}>
        <Text size="2" weight={current ? 'medium' : 'regular'} aria-current={current ? 'page' : undefined} truncate>
          {name}
        </Text>
        <IconButton
          size="1"
          variant="ghost"
          color="gray"
          title="Edit floor name"
          aria-label="Edit floor name"
          onClick={() => actor.send({ type: 'edit.start', name })}
        >
          <Pencil1Icon />
        </IconButton>
      </Flex>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The floor editor's own shortcuts (Escape clears its selection) must not see these keys.
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      actor.send({ type: 'edit.commit' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      actor.send({ type: 'edit.cancel' });
    }
  };

  return (
    <Flex align="center" gap="2" style={{ minWidth: 0 }}>
      <TextField.Root
        ref={inputRef}
        size="1"
        className="fw-floor-name-field"
        aria-label="Floor name"
        color={invalid ? 'red' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={failure ? failureId : undefined}
        aria-busy={saving || undefined}
        readOnly={saving}
        value={draft}
        onChange={(event) => actor.send({ type: 'edit.change', value: event.currentTarget.value })}
        onKeyDown={onKeyDown}
        onBlur={() => actor.send({ type: 'edit.commit' })}
      />
      {failure && (
        <Text id={failureId} size="1" color="red" role="alert" truncate>
          {failure}
        </Text>
      )}
    </Flex>
  );
}
