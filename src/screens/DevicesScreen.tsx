import { useMemo, useState } from 'react';
import { Flex, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon, VideoIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import type { FloorWithImage } from '../api/floors';
import { devicesAtom } from '../atoms/devices.atoms';
import { allFloorsAtom } from '../atoms/floors.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import { EmptyState } from './common/EmptyState';
import { LoadError } from './common/LoadError';
import { TableSkeleton } from './common/TableSkeleton';
import { DevicesTable } from './devices/DevicesTable';
import { DeviceStatusSummary } from './devices/DeviceStatusSummary';

/** `/devices`: the organization's devices with status, MAC and floor; refreshed every 5 min. */
export default function DevicesScreen() {
  const devices = useAtomValue(devicesAtom);
  const floors = useAtomValue(allFloorsAtom);
  const errorMessage = useErrorToast(devices.error, 'Failed to load devices', { withMessage: true });
  useErrorToast(floors.error, 'Failed to load floors');
  const [query, setQuery] = useState('');

  const floorsById = useMemo(
    () => new Map<string, FloorWithImage>((floors.data ?? []).map((f) => [f.id, f])),
    [floors.data],
  );
  const list = useMemo(() => devices.data ?? [], [devices.data]);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? list.filter((d) => [d.device_name, d.device_id, d.device_type, d.mac ?? ''].join(' ').toLowerCase().includes(needle))
    : list;

  return (
    <>
      <PageHeader title="Devices" description="Cameras and recorders from your VORTEX account." />
      {devices.isPending && <TableSkeleton />}
      {errorMessage && !devices.data && <LoadError message={errorMessage} onRetry={() => void devices.refetch()} />}
      {devices.data && list.length === 0 && (
        <EmptyState
          icon={<VideoIcon width={22} height={22} />}
          title="No devices yet"
          description="Devices appear here once your VORTEX account is connected and synced in Settings."
        />
      )}
      {list.length > 0 && (
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <DeviceStatusSummary devices={list} />
            <TextField.Root
              placeholder="Search by name, id, type or MAC"
              aria-label="Search devices"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              style={{ minWidth: 280 }}
            >
              <TextField.Slot>
                <MagnifyingGlassIcon />
              </TextField.Slot>
            </TextField.Root>
          </Flex>
          <DevicesTable devices={shown} floorsById={floorsById} />
        </Flex>
      )}
    </>
  );
}
