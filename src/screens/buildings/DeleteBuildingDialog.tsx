import { useAtomValue } from 'jotai';
import type { Building } from '../../api/types';
import { deleteBuildingAtom } from '../../atoms/buildings.atoms';
import { toaster } from '../../lib/toaster';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';

/** Confirms and deletes a building; `onDeleted` runs after the server agreed. */
export function DeleteBuildingDialog({
  building,
  onOpenChange,
  onDeleted,
}: {
  /** The building to delete; null keeps the dialog closed. */
  building: Building | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useAtomValue(deleteBuildingAtom);
  const floors = building?.floor_count ?? 0;
  return (
    <ConfirmDeleteDialog
      open={building !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${building?.name ?? 'building'}?`}
      description={
        floors > 0
          ? `Its ${floors} ${floors === 1 ? 'floor' : 'floors'} and their floor plans are deleted too, and the devices on them are unplaced. This cannot be undone.`
          : 'This cannot be undone.'
      }
      confirmLabel="Delete building"
      pending={remove.isPending}
      onConfirm={() => {
        if (!building) return;
        remove.mutate(building.id, {
          onSuccess: () => {
            toaster.success('Building deleted', building.name);
            onOpenChange(false);
            onDeleted?.();
          },
        });
      }}
    />
  );
}
