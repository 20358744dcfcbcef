/**
 * The floor dialogs as the building page uses them: their code loads while the page is
 * idle after its first paint, or when one opens first (issue 5 "Weight of the pages"); see
 * `lazyOnIdle`.
 */
import { lazyOnIdle } from '../../lib/lazyOnIdle';

/** `FloorFormDialog`, loaded on idle or when opened. */
export const FloorFormDialog = lazyOnIdle(
  () => import('./FloorFormDialog').then((m) => m.FloorFormDialog),
  (props) => props.open,
);

/** `DeleteFloorDialog`, loaded on idle or when given a floor. */
export const DeleteFloorDialog = lazyOnIdle(
  () => import('./DeleteFloorDialog').then((m) => m.DeleteFloorDialog),
  (props) => props.floor !== null,
);
