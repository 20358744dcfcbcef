import { Suspense, lazy } from 'react';
import { Box, Card, Grid, Heading, Skeleton } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useParams } from 'wouter';
import { buildingFamily } from '../atoms/buildings.atoms';
import { buildingFloorsFamily } from '../atoms/floors.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import { LoadError } from './common/LoadError';
import { formatCoordinates } from './buildings/formatCoordinates';
import { BuildingFloorList } from './map/BuildingFloorList';
import { BuildingMapImage } from './map/BuildingMapImage';
import { MapLoading } from './map/MapLoading';
import { NoLocationNotice } from './map/NoLocationNotice';
import { buildingPosition } from './map/buildingPlaces';

const MapCanvas = lazy(() => import('./map/MapCanvas'));

/**
 * `/buildings/{buildingId}/map` (SPEC.md section 2; issue 5 "Screens"): the building's
 * uploaded map image beside its floors (each opening its plan), and the building on a
 * geographic map, or a note with a link to set its location when it has none.
 */
export default function BuildingMapScreen() {
  const { buildingId = '' } = useParams<{ buildingId: string }>();
  const building = useAtomValue(buildingFamily(buildingId));
  const floors = useAtomValue(buildingFloorsFamily(buildingId));
  const buildingError = useErrorToast(building.error, 'Failed to load buildings');
  const floorsError = useErrorToast(floors.error, 'Failed to load floors');
  const data = building.data;
  const position = data ? buildingPosition(data) : null;
  const details = data ? [data.address, formatCoordinates(data)].filter(Boolean).join(' · ') : '';

  return (
    <div className="fw-page">
      <PageHeader title={data ? `${data.name}: map` : 'Building map'} description={details || undefined} />
      {buildingError && !data && <LoadError message={buildingError} onRetry={() => void building.refetch()} />}
      {building.isPending && <MapLoading />}
      {data && (
        <Grid columns={{ initial: '1', md: '3' }} gap="4">
          <Box gridColumn={{ initial: '1', md: 'span 2' }}>
            <Card size="3">
              <Heading as="h2" size="4" mb="3">
                Map image
              </Heading>
              <BuildingMapImage building={data} />
            </Card>
          </Box>
          <Card size="3">
            <Heading as="h2" size="4" mb="3">
              Floors
            </Heading>
            {floors.isPending && <Skeleton height="96px" />}
            {floorsError && !floors.data && <LoadError message={floorsError} onRetry={() => void floors.refetch()} />}
            {floors.data && <BuildingFloorList floors={floors.data} buildingName={data.name} />}
          </Card>
          <Box gridColumn="1 / -1">
            <Card size="3">
              <Heading as="h2" size="4" mb="3">
                Location
              </Heading>
              {position ? (
                <Suspense fallback={<MapLoading />}>
                  <MapCanvas view={{ center: position }} label={`Map of ${data.name}`} buildings={[data]} />
                </Suspense>
              ) : (
                <NoLocationNotice buildingId={data.id} name={data.name} />
              )}
            </Card>
          </Box>
        </Grid>
      )}
    </div>
  );
}
