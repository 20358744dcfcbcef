import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import type { Device } from '../../api/types';
import { DeferredSelect } from '../common/DeferredSelect';
import { fieldA11y, FormField } from '../common/FormField';
import { EVENT_TYPES, NO_FILTERS, TIME_PRESETS, customRangeError, fromLocalInputValue, hasFilters, toLocalInputValue } from './eventFilters';
import type { EventFilters, TimeRange } from './eventFilters';

/** Radix Select items cannot have an empty value; this one means "no filter". */
const ALL = '__all__';

const RANGE_LABELS: Readonly<Record<TimeRange, string>> = {
  any: 'Any time',
  '1h': TIME_PRESETS['1h'].label,
  '24h': TIME_PRESETS['24h'].label,
  '7d': TIME_PRESETS['7d'].label,
  custom: 'Custom range',
};

export interface EventFiltersBarProps {
  filters: EventFilters;
  devices: readonly Device[];
  /** `replace` is true for edits that should not each add a history entry (typing a date). */
  onChange: (filters: EventFilters, options?: { replace?: boolean }) => void;
  /** ms since epoch; a new custom range starts 24 hours before it. */
  nowMs: number;
}

/**
 * The events filters: device, type (the spec's five), time range (last hour, 24 hours,
 * 7 days, or custom from/to). A custom range whose start is not before its end shows an
 * inline error and nothing is asked of the server.
 */
export function EventFiltersBar({ filters, devices, onChange, nowMs }: EventFiltersBarProps) {
  const rangeError = customRangeError(filters);
  const deviceListed = filters.deviceId === null || devices.some((d) => d.device_id === filters.deviceId);
  const typeListed = filters.eventType === null || (EVENT_TYPES as readonly string[]).includes(filters.eventType);

  const setRange = (range: TimeRange) => {
    if (range !== 'custom') return onChange({ ...filters, range, from: null, to: null });
    onChange({ ...filters, range, from: new Date(nowMs - TIME_PRESETS['24h'].ms).toISOString(), to: null });
  };

  return (
    <Flex direction="column" gap="2" mb="4">
      <Flex gap="3" align="end" wrap="wrap">
        <FormField id="events-device" label="Device">
          <DeferredSelect
            id="events-device"
            label="Device"
            minWidth={200}
            position="popper"
            value={filters.deviceId ?? ALL}
            onValueChange={(v) => onChange({ ...filters, deviceId: v === ALL ? null : v })}
            options={[
              { value: ALL, label: 'All devices' },
              ...(!deviceListed && filters.deviceId ? [{ value: filters.deviceId, label: filters.deviceId }] : []),
              ...devices.map((d) => ({ value: d.device_id, label: d.device_name })),
            ]}
          />
        </FormField>
        <FormField id="events-type" label="Type">
          <DeferredSelect
            id="events-type"
            label="Type"
            minWidth={160}
            position="popper"
            value={filters.eventType ?? ALL}
            onValueChange={(v) => onChange({ ...filters, eventType: v === ALL ? null : v })}
            options={[
              { value: ALL, label: 'All types' },
              ...(!typeListed && filters.eventType ? [{ value: filters.eventType, label: filters.eventType }] : []),
              ...EVENT_TYPES.map((type) => ({ value: type, label: type })),
            ]}
          />
        </FormField>
        <FormField id="events-range" label="Time">
          <DeferredSelect
            id="events-range"
            label="Time"
            minWidth={160}
            position="popper"
            value={filters.range}
            onValueChange={(v) => setRange(v as TimeRange)}
            options={(Object.keys(RANGE_LABELS) as TimeRange[]).map((range) => ({ value: range, label: RANGE_LABELS[range] }))}
          />
        </FormField>
        {filters.range === 'custom' && (
          <>
            <FormField id="events-from" label="From" error={rangeError ?? undefined}>
              <TextField.Root
                {...fieldA11y('events-from', rangeError ?? undefined)}
                type="datetime-local"
                color={rangeError ? 'red' : undefined}
                value={toLocalInputValue(filters.from)}
                onChange={(e) => onChange({ ...filters, from: fromLocalInputValue(e.currentTarget.value) }, { replace: true })}
              />
            </FormField>
            <FormField id="events-to" label="To">
              <TextField.Root
                id="events-to"
                type="datetime-local"
                aria-invalid={rangeError ? true : undefined}
                color={rangeError ? 'red' : undefined}
                value={toLocalInputValue(filters.to)}
                onChange={(e) => onChange({ ...filters, to: fromLocalInputValue(e.currentTarget.value) }, { replace: true })}
              />
            </FormField>
          </>
        )}
        {hasFilters(filters) && (
          <Button variant="ghost" color="gray" onClick={() => onChange(NO_FILTERS)} style={{ marginBottom: 6 }}>
            Clear filters
          </Button>
        )}
      </Flex>
      {filters.range === 'custom' && !rangeError && (
        <Text size="1" color="gray">
          Times are in your local time zone; leave “To” empty for up to now.
        </Text>
      )}
    </Flex>
  );
}
