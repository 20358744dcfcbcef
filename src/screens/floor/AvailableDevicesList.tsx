import { useState } from 'react';
import { Button, Card, Flex, Heading, IconButton, Text, TextField } from '@radix-ui/themes';
import { Crosshair2Icon, MagnifyingGlassIcon, PlusIcon } from '@radix-ui/react-icons';
import type { Device } from '../../api/types';
import { StatusBadge } from '../common/StatusBadge';

/**
 * Rows rendered at most: the rest is reached by the search. Each row is a few Radix
 * components with icons; before the floor's placements load every organization device
 * counts as available, and 5 000 rows made one task of seconds on the floor page (issue 5).
 */
export const AVAILABLE_ROWS_MAX = 50;

/** The HTML drag-and-drop type carrying a palette device's id onto the plan. */
export const DEVICE_DRAG_TYPE = 'application/x-floorwatch-device';

/**
 * The organization's devices not on this floor, searchable by name or id (the palette,
 * issue 4). In edit mode with a plan: 'Add' places one in the middle of the view, the
 * crosshair picks it so the next click on the plan places it there, and a row dragged onto
 * the plan places it where it is dropped. A device on another floor moves here. At most
 * {@link AVAILABLE_ROWS_MAX} rows are rendered; a line says how many more the search reaches.
 */
export function AvailableDevicesList({
  devices,
  loading = false,
  canAdd,
  onAdd,
  onPick,
  pickedId = null,
}: {
  devices: readonly Device[];
  /** The devices, or the floor's placements that tell which are available, are not known yet. */
  loading?: boolean;
  /** False in view mode or without a floor plan: the list is shown but nothing is added. */
  canAdd: boolean;
  onAdd: (device: Device) => void;
  /** Choose a device to place with the next click on the plan. */
  onPick?: (device: Device) => void;
  /** The device waiting for that click, else null. */
  pickedId?: string | null;
}) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? devices.filter((d) => `${d.device_name} ${d.device_id} ${d.device_type}`.toLowerCase().includes(needle))
    : devices;
  const rows = shown.length > AVAILABLE_ROWS_MAX ? shown.slice(0, AVAILABLE_ROWS_MAX) : shown;

  return (
    <Card size="2">
      <Flex align="baseline" gap="2" mb="3">
        <Heading as="h2" size="3">
          Available devices
        </Heading>
        {!loading && (
          <Text size="2" color="gray">
            {devices.length}
          </Text>
        )}
      </Flex>
      {devices.length > 5 && (
        <TextField.Root
          mb="3"
          placeholder="Search devices"
          aria-label="Search devices"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
      )}
      {loading ? (
        <Text as="p" size="2" color="gray" role="status">
          Loading devices…
        </Text>
      ) : shown.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {devices.length === 0 ? 'Every device is already on this floor.' : 'No device matches the search.'}
        </Text>
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ul aria-label="Available devices" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((device) => (
              <Flex asChild key={device.device_id} align="center" justify="between" gap="2">
                <li
                  draggable={canAdd}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(DEVICE_DRAG_TYPE, device.device_id);
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  style={canAdd ? { cursor: 'grab' } : undefined}
                >
                  {/* The name side takes what the buttons leave, one line each, truncated rather than run under them. */}
                  <Flex direction="column" minWidth="0" flexGrow="1">
                    <Text size="2" weight="medium" truncate>
                      {device.device_name}
                    </Text>
                    <Text size="1" color="gray" truncate>
                      {device.device_type}
                      {device.floor_id && ' · on another floor'}
                    </Text>
                  </Flex>
                  <Flex align="center" gap="2" flexShrink="0">
                    <StatusBadge status={device.status} />
                    {canAdd && onPick && (
                      <IconButton
                        size="1"
                        variant={pickedId === device.device_id ? 'solid' : 'soft'}
                        aria-label={`Place ${device.device_name} with a click on the plan`}
                        aria-pressed={pickedId === device.device_id}
                        onClick={() => onPick(device)}
                      >
                        <Crosshair2Icon />
                      </IconButton>
                    )}
                    {canAdd && (
                      <Button size="1" variant="soft" aria-label={`Add ${device.device_name}`} onClick={() => onAdd(device)}>
                        <PlusIcon /> Add
                      </Button>
                    )}
                  </Flex>
                </li>
              </Flex>
            ))}
          </ul>
        </Flex>
      )}
      {shown.length > rows.length && (
        <Text as="p" size="1" color="gray" mt="2">
          {shown.length - rows.length} more not shown: search to find them.
        </Text>
      )}
    </Card>
  );
}
