import { useState } from 'react';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { LayersIcon, PlusIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { useParams } from 'wouter';
import type { FloorWithImage } from '../api/floors';
import { buildingFamily } from '../atoms/buildings.atoms';
import { buildingFloorsFamily } from '../atoms/floors.atoms';
import { PageHeader } from '../layout/PageHeader';
import { usePreload } from '../lib/lazyOnIdle';
import { useErrorToast } from '../lib/useErrorToast';
import { EmptyState } from './common/EmptyState';
import { LoadError } from './common/LoadError';
import { TableSkeleton } from './common/TableSkeleton';
import { BuildingDetailsActions } from './buildings/BuildingDetailsActions';
import { formatCoordinates } from './buildings/formatCoordinates';
import { DeleteFloorDialog, FloorFormDialog } from './floors/deferredDialogs';
import { FloorsTable } from './common/deferredLists';

/** `/buildings/{buildingId}`: a building's details and its floors, with a new-floor form. */
export default function BuildingDetailsScreen() {
  const { buildingId = '' } = useParams<{ buildingId: string }>();
  const building = useAtomValue(buildingFamily(buildingId));
  const floors = useAtomValue(buildingFloorsFamily(buildingId));
  const buildingError = useErrorToast(building.error, 'Failed to load buildings');
  const floorsError = useErrorToast(floors.error, 'Failed to load floors');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<FloorWithImage | null>(null);
  usePreload(FloorsTable);

  const list = floors.data ?? [];
  const nextLevel = list.length === 0 ? 0 : Math.max(...list.map((f) => f.level)) + 1;
  const data = building.data;
  const details = data ? [data.address, formatCoordinates(data)].filter(Boolean).join(' · ') : '';

  return (
    <>
      {data && <BuildingDetailsActions building={data} onNewFloor={() => setCreating(true)} />}
      <PageHeader title={data?.name ?? 'Building'} description={details || undefined} />
      {buildingError && !data && <LoadError message={buildingError} onRetry={() => void building.refetch()} />}
      <Card size="2">
        <Flex justify="between" align="center" mb="3">
          <Flex align="baseline" gap="2">
            <Heading as="h2" size="4">
              Floors
            </Heading>
            {floors.data && <Text color="gray" size="2">{list.length}</Text>}
          </Flex>
        </Flex>
        {floors.isPending && <TableSkeleton rows={3} />}
        {floorsError && !floors.data && <LoadError message={floorsError} onRetry={() => void floors.refetch()} />}
        {floors.data && list.length === 0 && (
          <EmptyState
            icon={<LayersIcon width={22} height={22} />}
            title="No floors yet"
            description="Add a floor and upload its floor plan to place cameras on it."
            action={
              <Button onClick={() => setCreating(true)}>
                <PlusIcon /> New floor
              </Button>
            }
          />
        )}
        {list.length > 0 && <FloorsTable floors={list} onDelete={setDeleting} />}
      </Card>
      <FloorFormDialog buildingId={buildingId} nextLevel={nextLevel} open={creating} onOpenChange={setCreating} />
      <DeleteFloorDialog floor={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
