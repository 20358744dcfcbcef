import { Suspense, lazy, useMemo } from 'react';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { HomeIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { buildingsAtom } from '../atoms/buildings.atoms';
import { allFloorsAtom } from '../atoms/floors.atoms';
import { devicesAtom } from '../atoms/devices.atoms';
import { PageHeader } from '../layout/PageHeader';
import { usePreload } from '../lib/lazyOnIdle';
import { useErrorToast } from '../lib/useErrorToast';
import { EmptyState } from './common/EmptyState';
import { LoadError } from './common/LoadError';
import { BuildingsOnMapList } from './common/deferredLists';
import { MapLoading } from './map/MapLoading';
import { boundsOf, buildingPosition, devicesByBuilding } from './map/buildingPlaces';
import type { LatLng } from './map/buildingPlaces';

const MapCanvas = lazy(() => import('./map/MapCanvas'));

/** The inhabited world, when no building has a location yet. */
const WORLD: readonly [LatLng, LatLng] = [
  [-45, -150],
  [65, 150],
];

/**
 * `/map` (SPEC.md section 2; issue 5 "Screens"): every building at its latitude and
 * longitude, coloured by its devices' status (green all online, amber some offline, red
 * some in error), opened by a click; the same buildings listed below with their counts,
 * and those without a location named with a link to set it.
 */
export default function GlobalMapScreen() {
  usePreload(BuildingsOnMapList);
  const buildings = useAtomValue(buildingsAtom);
  const floors = useAtomValue(allFloorsAtom);
  const devices = useAtomValue(devicesAtom);
  const buildingsError = useErrorToast(buildings.error, 'Failed to load buildings');
  useErrorToast(floors.error, 'Failed to load floors');
  useErrorToast(devices.error, 'Failed to load devices', { withMessage: true });

  const list = useMemo(() => buildings.data ?? [], [buildings.data]);
  const placed = useMemo(
    () => (floors.data && devices.data ? devicesByBuilding(floors.data, devices.data) : undefined),
    [floors.data, devices.data],
  );
  const positions = list.map(buildingPosition).filter((p): p is LatLng => p !== null);
  const bounds = boundsOf(positions);
  const unplaced = list.length - positions.length;

  return (
    <div className="fw-page">
      <PageHeader title="Global Map" description="Every building at its location, coloured by the status of its devices. Click a building to open it." />
      {buildingsError && !buildings.data && <LoadError message={buildingsError} onRetry={() => void buildings.refetch()} />}
      {buildings.isPending && <MapLoading />}
      {buildings.data && list.length === 0 && (
        <EmptyState
          icon={<HomeIcon width={22} height={22} />}
          title="No buildings yet"
          description="Add a building with its latitude and longitude to see it here."
          action={
            <Button asChild>
              <Link href="/buildings">Go to buildings</Link>
            </Button>
          }
        />
      )}
      {list.length > 0 && (
        <Flex direction="column" gap="4">
          {unplaced > 0 && (
            <Callout.Root color="amber" role="note">
              <Callout.Icon>
                <InfoCircledIcon />
              </Callout.Icon>
              <Callout.Text>
                {unplaced === 1 ? '1 building has' : `${unplaced} buildings have`} no latitude and longitude and {unplaced === 1 ? 'is' : 'are'} not on the
                map; set a location with its Set location link below.
              </Callout.Text>
            </Callout.Root>
          )}
          <Suspense fallback={<MapLoading />}>
            <MapCanvas view={{ bounds: bounds ?? WORLD }} label="Map of all buildings" buildings={list} devices={placed} />
          </Suspense>
          <Flex gap="4" wrap="wrap" aria-label="Marker colours">
            <Legend tone="online" text="All devices online" />
            <Legend tone="offline" text="Some offline" />
            <Legend tone="error" text="Some in error" />
            <Legend tone="empty" text="No devices placed" />
          </Flex>
          <BuildingsOnMapList buildings={list} devices={placed} />
        </Flex>
      )}
    </div>
  );
}

const LEGEND_COLOURS = { online: 'var(--green-9)', offline: 'var(--amber-9)', error: 'var(--red-9)', empty: 'var(--gray-9)' } as const;

function Legend({ tone, text }: { tone: keyof typeof LEGEND_COLOURS; text: string }) {
  return (
    <Flex align="center" gap="2">
      <span aria-hidden style={{ width: 12, height: 12, borderRadius: '50%', background: LEGEND_COLOURS[tone] }} />
      <Text size="1" color="gray">
        {text}
      </Text>
    </Flex>
  );
}
