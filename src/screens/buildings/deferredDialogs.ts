/**
 * The building dialogs as the screens use them: their code (Radix Dialog and AlertDialog,
 * the form) loads while the page is idle after its first paint, or when one opens first
 * (issue 5 "Weight of the pages"); see `lazyOnIdle`.
 */
import { lazyOnIdle } from '../../lib/lazyOnIdle';

/** `BuildingFormDialog`, loaded on idle or when opened. */
export const BuildingFormDialog = lazyOnIdle(
  () => import('./BuildingFormDialog').then((m) => m.BuildingFormDialog),
  (props) => props.open,
);

/** `DeleteBuildingDialog`, loaded on idle or when given a building. */
export const DeleteBuildingDialog = lazyOnIdle(
  () => import('./DeleteBuildingDialog').then((m) => m.DeleteBuildingDialog),
  (props) => props.building !== null,
);
