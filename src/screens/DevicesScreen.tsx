import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Flex, Text } from '@radix-ui/themes';
import { UpdateIcon, UploadIcon, VideoIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import type { FloorWithImage } from '../api/floors';
import { buildingsAtom } from '../atoms/buildings.atoms';
import { devicesAtom } from '../atoms/devices.atoms';
import { allFloorsAtom } from '../atoms/floors.atoms';
import { syncVortexDevicesAtom } from '../atoms/vortex.atoms';
import { PageHeader } from '../layout/PageHeader';
import { usePreload } from '../lib/lazyOnIdle';
import { useErrorToast } from '../lib/useErrorToast';
import { EmptyState } from './common/EmptyState';
import { LoadError } from './common/LoadError';
import { TableSkeleton } from './common/TableSkeleton';
import { DeviceFiltersBar } from './devices/DeviceFiltersBar';
import { deviceFiltersSearch, deviceTypesOf, filterDevices, hasDeviceFilters, parseDeviceFilters } from './devices/deviceFilters';
import type { DeviceFilters } from './devices/deviceFilters';
import { DevicesTable } from './common/deferredLists';
import { DeviceStatusSummary } from './devices/DeviceStatusSummary';
import { VortexSyncResult } from './devices/VortexSyncResult';

// The import dialog (and papaparse behind it) loads when first opened.
const BulkImportDialog = lazy(() => import('./devices/BulkImportDialog'));

/**
 * `/devices` (issue 5 "Devices list"): the organization's devices, refetched every 5 min
 * while visible, filtered by status, type and a search kept in the URL; "Sync from VORTEX"
 * with its result inline; bulk import from a CSV file onto a floor.
 */
export default function DevicesScreen() {
  const devices = useAtomValue(devicesAtom);
  const floors = useAtomValue(allFloorsAtom);
  const buildings = useAtomValue(buildingsAtom);
  const sync = useAtomValue(syncVortexDevicesAtom);
  const errorMessage = useErrorToast(devices.error, 'Failed to load devices', { withMessage: true });
  useErrorToast(floors.error, 'Failed to load floors');
  const [importOpen, setImportOpen] = useState(false);
  const [importLoaded, setImportLoaded] = useState(false);
  usePreload(DevicesTable);
  const search = useSearch();
  const [, navigate] = useLocation();

  const filters = useMemo(() => parseDeviceFilters(search), [search]);
  const setFilters = (next: DeviceFilters) => {
    const query = deviceFiltersSearch(next);
    navigate(query ? `/devices?${query}` : '/devices', { replace: true });
  };
  const floorsById = useMemo(() => new Map<string, FloorWithImage>((floors.data ?? []).map((f) => [f.id, f])), [floors.data]);
  const list = useMemo(() => devices.data ?? [], [devices.data]);
  const shown = useMemo(() => filterDevices(list, filters), [list, filters]);

  const openImport = () => {
    setImportLoaded(true);
    setImportOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Devices"
        description="Cameras and recorders from your VORTEX account."
        actions={
          <>
            <Button variant="soft" onClick={openImport}>
              <UploadIcon /> Import CSV
            </Button>
            <Button loading={sync.isPending} onClick={() => sync.mutate()}>
              <UpdateIcon /> Sync from VORTEX
            </Button>
          </>
        }
      />
      <VortexSyncResult result={sync.data} error={sync.error} />
      {devices.isPending && <TableSkeleton />}
      {errorMessage && !devices.data && <LoadError message={errorMessage} onRetry={() => void devices.refetch()} />}
      {devices.data && list.length === 0 && (
        <EmptyState
          icon={<VideoIcon width={22} height={22} />}
          title="No devices yet"
          description="Sync them from VORTEX (its connection is set in Settings), or import a CSV file onto a floor."
        />
      )}
      {list.length > 0 && (
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <DeviceFiltersBar filters={filters} types={deviceTypesOf(list)} onChange={setFilters} />
            <DeviceStatusSummary devices={list} />
          </Flex>
          <Text size="2" color="gray" role="status">
            {hasDeviceFilters(filters) ? `Showing ${shown.length} of ${list.length} devices` : `${list.length} ${list.length === 1 ? 'device' : 'devices'}`}
          </Text>
          {shown.length > 0 ? (
            <DevicesTable devices={shown} floorsById={floorsById} />
          ) : (
            <EmptyState
              icon={<VideoIcon width={22} height={22} />}
              title="No devices match these filters"
              description="Try another status, type or search."
            />
          )}
        </Flex>
      )}
      {importLoaded && (
        <Suspense fallback={null}>
          <BulkImportDialog open={importOpen} onOpenChange={setImportOpen} buildings={buildings.data ?? []} floors={floors.data ?? []} />
        </Suspense>
      )}
    </>
  );
}
