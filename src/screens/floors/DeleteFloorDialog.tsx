import { useAtomValue } from 'jotai';
import type { FloorWithImage } from '../../api/floors';
import { deleteFloorAtom } from '../../atoms/floors.atoms';
import { toaster } from '../../lib/toaster';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';

/** Confirms and deletes a floor; null keeps the dialog closed. */
export function DeleteFloorDialog({
  floor,
  onOpenChange,
}: {
  floor: FloorWithImage | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useAtomValue(deleteFloorAtom);
  return (
    <ConfirmDeleteDialog
      open={floor !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${floor?.name ?? 'floor'}?`}
      description="Its floor plan is deleted and the devices on it are unplaced. This cannot be undone."
      confirmLabel="Delete floor"
      pending={remove.isPending}
      onConfirm={() => {
        if (!floor) return;
        remove.mutate(
          { id: floor.id, buildingId: floor.building_id },
          {
            onSuccess: () => {
              toaster.success('Floor deleted', floor.name);
              onOpenChange(false);
            },
          },
        );
      }}
    />
  );
}
