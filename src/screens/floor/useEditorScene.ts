/**
 * What the floor scene draws from the floor editor actor (issue 4), selected so that a
 * drag renders nothing with React: the placements where the devices rest (with a field of
 * view being edited), the selection, the marquee and the ids of a running drag, each a
 * value that stays the same object while the pointer drags; the drag's offset goes to the
 * scene's drag layer directly (`FloorSceneHandle.moveDrag`) on every move.
 */
import { useEffect, useMemo, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { floorEditorMachine } from '../../machines/floorEditorMachine';
import { dragOffset, gesturePreview, marqueeRect } from '../../machines/floorEditor/gestures';
import type { PercentRect } from '../../machines/floorEditor/editorGeometry';
import type { Placements } from '../../machines/floorEditor/types';
import type { FloorSceneHandle } from '../../scene/FloorScene';

/** A running floor editor actor. */
export type FloorEditorActor = ActorRefFrom<typeof floorEditorMachine>;

const sameRect = (a: PercentRect | null, b: PercentRect | null): boolean =>
  a === b || (!!a && !!b && a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom);

/**
 * @param actor the floor editor
 * @param sceneRef the scene, whose drag layer follows the drag
 * @returns `placements` to draw (plan percent; a drag's devices where they rest until the
 *   drop commits them), `selection`, `marquee` (plan percent, null when none) and
 *   `dragging` (the drag's ids, one array for the whole drag; undefined when none)
 */
export function useEditorScene(actor: FloorEditorActor, sceneRef: RefObject<FloorSceneHandle | null>) {
  const shown = useSelector(actor, (s) => s.context.doc.placements);
  const selection = useSelector(actor, (s) => s.context.selection);
  const marquee = useSelector(actor, (s) => marqueeRect(s.context.gesture), sameRect);
  const dragging = useSelector(actor, (s) => (s.context.gesture?.kind === 'drag' ? s.context.gesture.ids : undefined));
  // A field-of-view handle changes one camera as drawn; a drag changes nothing here.
  const fovGesture = useSelector(actor, (s) => (s.context.gesture?.kind === 'fov' ? s.context.gesture : null));
  const placements = useMemo<Placements>(
    () => (fovGesture ? { ...shown, ...gesturePreview(shown, fovGesture) } : shown),
    [shown, fovGesture],
  );

  // Every pointer move of a drag redraws the drag layer once, as bare Konva does, also
  // when the plan's edge holds the offset still: a frame that draws nothing can fall back
  // to the display's refresh cadence, and the drag would then look slower than it is.
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const offset = dragOffset(snapshot.context.doc.placements, snapshot.context.gesture);
      if (offset) sceneRef.current?.moveDrag(offset.dx, offset.dy);
    });
    return () => subscription.unsubscribe();
  }, [actor, sceneRef]);

  return { placements, selection, marquee, dragging };
}
