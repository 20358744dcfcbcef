import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { HomeIcon, PlusIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import type { Building } from '../api/types';
import { buildingsAtom } from '../atoms/buildings.atoms';
import { PageActions } from '../layout/PageActions';
import { usePreload } from '../lib/lazyOnIdle';
import { useErrorToast } from '../lib/useErrorToast';
import { EmptyState } from './common/EmptyState';
import { LoadError } from './common/LoadError';
import { PageHeader } from '../layout/PageHeader';
import { TableSkeleton } from './common/TableSkeleton';
import { BuildingsTable } from './common/deferredLists';
import { BuildingFormDialog, DeleteBuildingDialog } from './buildings/deferredDialogs';

/** `/buildings`: the organization's buildings, with create, edit and delete. */
export default function BuildingsScreen() {
  const buildings = useAtomValue(buildingsAtom);
  const errorMessage = useErrorToast(buildings.error, 'Failed to load buildings');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Building | null>(null);
  const [deleting, setDeleting] = useState<Building | null>(null);
  usePreload(BuildingsTable);

  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon /> New building
    </Button>
  );

  const list = buildings.data ?? [];
  const count = buildings.data ? `${list.length} ${list.length === 1 ? 'building' : 'buildings'}` : undefined;

  return (
    <>
      <PageActions>{newButton}</PageActions>
      <PageHeader title="Buildings" description={count ?? 'Sites and the floors inside them.'} />
      {buildings.isPending && <TableSkeleton />}
      {errorMessage && !buildings.data && <LoadError message={errorMessage} onRetry={() => void buildings.refetch()} />}
      {buildings.data && list.length === 0 && (
        <EmptyState
          icon={<HomeIcon width={22} height={22} />}
          title="No buildings yet"
          description="Add your first building, then its floors and floor plans, to start placing cameras."
          action={newButton}
        />
      )}
      {list.length > 0 && <BuildingsTable buildings={list} onEdit={setEditing} onDelete={setDeleting} />}
      <BuildingFormDialog open={creating} onOpenChange={setCreating} />
      <BuildingFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        building={editing ?? undefined}
      />
      <DeleteBuildingDialog building={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
