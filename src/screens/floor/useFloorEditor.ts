/**
 * One floor editor actor per floor screen (issue 4): the machine of
 * `src/machines/floorEditor` given its effects — saves through the API (one at a time, in
 * order, as the history requires), the scene's zoom and pan, the URL's mode, the shortcut
 * overlay — and the window keyboard map. Returns the actor and what the screen draws.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useLocation } from 'wouter';
import { problemMessage } from '../../api/client';
import { floorDevicesKey } from '../../api/floorDevices';
import type { PlacedDevice } from '../../api/floorDevices';
import { deviceKeys } from '../../api/devices';
import type { Device } from '../../api/types';
import { toaster } from '../../lib/toaster';
import { saveFailureMessage } from '../../machines/floorEditor/commands';
import { floorEditorMachine } from '../../machines/floorEditorMachine';
import { keyDownEvent, keyUpEvent } from '../../machines/floorEditor/shortcuts';
import type { EditorMode, Save } from '../../machines/floorEditor/types';
import type { FloorSceneHandle } from '../../scene/FloorScene';
import { cacheSaved, persistSave, toPlacements } from './floorSaves';
import { floorPath } from './floorMode';
import { useEditorScene } from './useEditorScene';

const SUCCESS_TOASTS: Partial<Record<Save['kind'], string>> = {
  add: 'Device placed',
  remove: 'Device removed from floor',
};

/** True when Space belongs to the focused control (it presses buttons and links), not to the pan. */
const spaceActivates = (target: EventTarget | null) =>
  target instanceof Element && target.closest('button, a[href], [role="button"], [role="checkbox"], [role="radio"], summary') !== null;

/** True for a key event inside an open dialog (the overlay, a confirmation): not the editor's. */
const inDialog = (target: EventTarget | null) => target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * @param floorId the floor being edited
 * @param placed the floor's device positions as the server last gave them
 * @param devices the organization's devices (names and types for placing)
 * @param mode the URL's mode (SPEC.md section 2)
 * @param sceneRef the scene, for zoom and pan
 */
export function useFloorEditor({
  floorId,
  placed,
  devices,
  mode,
  sceneRef,
}: {
  floorId: string;
  placed: readonly PlacedDevice[];
  devices: readonly Device[];
  mode: EditorMode;
  sceneRef: RefObject<FloorSceneHandle | null>;
}) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const placements = useMemo(() => toPlacements(placed), [placed]);
  const deviceById = useRef(new Map<string, Device>());
  deviceById.current = new Map(devices.map((d) => [d.device_id, d]));
  // Saves are written one at a time, in the order they were issued (history.ts).
  const queue = useRef<Promise<void>>(Promise.resolve());

  const actor = useActorRef(
    floorEditorMachine.provide({
      actions: {
        commit: ({ self }, { save }) => {
          queue.current = queue.current.then(async () => {
            try {
              await persistSave(floorId, save, (id) => deviceById.current.get(id));
              cacheSaved(client, floorId, save);
              self.send({ type: 'save.done', saveId: save.id });
              const toast = SUCCESS_TOASTS[save.kind];
              if (toast) toaster.success(toast);
              if (save.kind === 'add' || save.kind === 'remove') {
                void client.invalidateQueries({ queryKey: floorDevicesKey(floorId) });
                void client.invalidateQueries({ queryKey: deviceKeys.all });
              }
            } catch (error) {
              self.send({ type: 'save.failed', saveId: save.id });
              toaster.error(problemMessage(error, saveFailureMessage(save)));
            }
          });
        },
        zoom: (_, { direction }) => sceneRef.current?.zoomStep(direction),
        fit: () => sceneRef.current?.fitToView(),
        zoomToRect: (_, { rect }) => sceneRef.current?.zoomToRect(rect),
        panBy: (_, { dx, dy }) => sceneRef.current?.panBy(dx, dy),
        requestMode: (_, { mode: next }) => navigate(floorPath(floorId, next), { replace: true }),
        openShortcuts: () => setShortcutsOpen(true),
      },
    }),
    { input: { placements, mode } },
  );

  useEffect(() => actor.send({ type: 'doc.sync', placements }), [actor, placements]);
  useEffect(() => actor.send({ type: 'mode.set', mode }), [actor, mode]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || inDialog(event.target)) return;
      const editorEvent = keyDownEvent(event, event.target instanceof Element ? event.target : null);
      if (!editorEvent || !actor.getSnapshot().can(editorEvent)) return;
      if (editorEvent.type === 'space.down' && spaceActivates(event.target)) return;
      event.preventDefault();
      actor.send(editorEvent);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      const editorEvent = keyUpEvent(event);
      if (editorEvent) actor.send(editorEvent);
    };
    // A window that loses focus never sees the release: the gesture is cancelled, Space let go.
    const onBlur = () => {
      actor.send({ type: 'pointer.cancel' });
      actor.send({ type: 'space.up' });
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [actor]);

  const { placements: drawn, selection, marquee, dragging } = useEditorScene(actor, sceneRef);

  return { actor, placements: drawn, selection, marquee, dragging, shortcutsOpen, setShortcutsOpen };
}
