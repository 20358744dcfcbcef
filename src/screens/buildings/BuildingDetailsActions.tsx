import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { Pencil1Icon, PlusIcon, SewingPinIcon, TrashIcon } from '@radix-ui/react-icons';
import { Link, useLocation } from 'wouter';
import type { Building } from '../../api/types';
import { PageActions } from '../../layout/PageActions';
import { BuildingFormDialog, DeleteBuildingDialog } from './deferredDialogs';

/** The building details page's top-bar actions: map, edit, delete and new floor. */
export function BuildingDetailsActions({ building, onNewFloor }: { building: Building; onNewFloor: () => void }) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <PageActions>
        <Button asChild variant="soft" color="gray">
          <Link href={`/buildings/${building.id}/map`}>
            <SewingPinIcon /> Map
          </Link>
        </Button>
        <Button variant="soft" color="gray" onClick={() => setEditing(true)}>
          <Pencil1Icon /> Edit
        </Button>
        <Button variant="soft" color="red" onClick={() => setDeleting(true)}>
          <TrashIcon /> Delete
        </Button>
        <Button onClick={onNewFloor}>
          <PlusIcon /> New floor
        </Button>
      </PageActions>
      <BuildingFormDialog open={editing} onOpenChange={setEditing} building={building} />
      <DeleteBuildingDialog
        building={deleting ? building : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate('/buildings', { replace: true })}
      />
    </>
  );
}
