import { Dialog } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import type { FloorInput } from '../../api/floors';
import { createFloorAtom } from '../../atoms/floors.atoms';
import { toaster } from '../../lib/toaster';
import { FloorForm } from './FloorForm';

/** Dialog that creates a floor in a building (multipart, with its floor plan when chosen). */
export function FloorFormDialog({
  buildingId,
  nextLevel,
  open,
  onOpenChange,
}: {
  buildingId: string;
  nextLevel: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useAtomValue(createFloorAtom);
  const submit = (input: FloorInput) =>
    create.mutate(input, {
      onSuccess: (floor) => {
        toaster.success('Floor created', floor.name);
        onOpenChange(false);
      },
    });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>New floor</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Name the floor, give its level (0 is the ground floor) and upload its floor plan.
        </Dialog.Description>
        {open && (
          <FloorForm
            buildingId={buildingId}
            nextLevel={nextLevel}
            pending={create.isPending}
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
