import { Button, Flex, Select, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import type { DeviceStatus } from '../../api/types';
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
      <Select.Root value={filters.status ?? ALL} onValueChange={(v) => onChange({ ...filters, status: v === ALL ? null : (v as DeviceStatus) })}>
        <Select.Trigger aria-label="Status" style={{ minWidth: 140 }} />
        <Select.Content>
          <Select.Item value={ALL}>All statuses</Select.Item>
          {DEVICE_STATUSES.map((s) => (
            <Select.Item key={s} value={s}>
              {STATUS_LABELS[s]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root value={filters.type ?? ALL} onValueChange={(v) => onChange({ ...filters, type: v === ALL ? null : v })}>
        <Select.Trigger aria-label="Type" style={{ minWidth: 150 }} />
        <Select.Content>
          <Select.Item value={ALL}>All types</Select.Item>
          {[...new Set([...types, ...(filters.type ? [filters.type] : [])])].map((t) => (
            <Select.Item key={t} value={t}>
              {t}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {hasDeviceFilters(filters) && (
        <Button variant="ghost" color="gray" onClick={() => onChange({ status: null, type: null, q: '' })}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
