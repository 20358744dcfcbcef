import { Dialog } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import type { BuildingInput } from '../../api/buildings';
import type { Building } from '../../api/types';
import { createBuildingAtom, updateBuildingAtom } from '../../atoms/buildings.atoms';
import { toaster } from '../../lib/toaster';
import { BuildingForm } from './BuildingForm';

/**
 * Dialog with the building form: creates a building, or edits `building` when given.
 * Closes on success; on failure it stays open with the values and the toast explains.
 */
export function BuildingFormDialog({
  open,
  onOpenChange,
  building,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  building?: Building;
  onCreated?: (building: Building) => void;
}) {
  const create = useAtomValue(createBuildingAtom);
  const update = useAtomValue(updateBuildingAtom);

  const submit = (input: BuildingInput) => {
    if (building) {
      update.mutate(
        { id: building.id, input },
        {
          onSuccess: (saved) => {
            toaster.success('Building updated', saved.name);
            onOpenChange(false);
          },
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: (saved) => {
        toaster.success('Building created', saved.name);
        onOpenChange(false);
        onCreated?.(saved);
      },
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{building ? 'Edit building' : 'New building'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {building ? 'Change the building’s details.' : 'Add a site to hold floors and their floor plans.'}
        </Dialog.Description>
        {open && (
          <BuildingForm
            building={building}
            submitLabel={building ? 'Save changes' : 'Create building'}
            pending={building ? update.isPending : create.isPending}
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
