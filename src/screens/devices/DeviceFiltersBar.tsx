import { Button, Flex, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import type { DeviceStatus } from '../../api/types';
import { DeferredSelect } from '../common/DeferredSelect';
import { DEVICE_STATUSES, hasDeviceFilters } from './deviceFilters';
import type { DeviceFilters } from './deviceFilters';

const ALL = 'all';
const STATUS_LABELS: Record<DeviceStatus, string> = { online: 'Online', offline: 'Offline', error: 'Error' };

/** Search (name, id, MAC), status and type filters of the devices list, and a reset. */
export function DeviceFiltersBar({
  filters,
  types,
  onChange,
}: {
  filters: DeviceFilters;
  /** The types to offer (those present). */
  types: readonly string[];
  onChange: (next: DeviceFilters) => void;
}) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <TextField.Root
        placeholder="Search by name, device ID or MAC"
        aria-label="Search devices"
        value={filters.q}
        onChange={(e) => onChange({ ...filters, q: e.currentTarget.value })}
        style={{ minWidth: 280 }}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      <DeferredSelect
        label="Status"
        minWidth={140}
        value={filters.status ?? ALL}
        onValueChange={(v) => onChange({ ...filters, status: v === ALL ? null : (v as DeviceStatus) })}
        options={[{ value: ALL, label: 'All statuses' }, ...DEVICE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
      />
      <DeferredSelect
        label="Type"
        minWidth={150}
        value={filters.type ?? ALL}
        onValueChange={(v) => onChange({ ...filters, type: v === ALL ? null : v })}
        options={[{ value: ALL, label: 'All types' }, ...[...new Set([...types, ...(filters.type ? [filters.type] : [])])].map((t) => ({ value: t, label: t }))]}
      />
      {hasDeviceFilters(filters) && (
        <Button variant="ghost" color="gray" onClick={() => onChange({ status: null, type: null, q: '' })}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
