import { useEffect, useRef } from 'react';
import { Card, Flex, Heading, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { Cross2Icon, TargetIcon } from '@radix-ui/react-icons';
import type { DeviceStatus } from '../../api/types';
import { AppLink } from '../common/AppLink';
import { StatusBadge } from '../common/StatusBadge';

/** What the list shows of a placed device. */
export interface ListedDevice {
  readonly device_id: string;
  readonly name: string;
  readonly device_type: string;
  readonly status: DeviceStatus;
  /** Where it sits, percent of the plan's width and height (as the editor shows it); absent while unknown. */
  readonly position?: { readonly x_percent: number; readonly y_percent: number };
}

/** A percent position for reading, to one decimal: `30.5 %, 45 %`. */
export const positionText = ({ x_percent, y_percent }: { x_percent: number; y_percent: number }) =>
  `${Number(x_percent.toFixed(1))} %, ${Number(y_percent.toFixed(1))} %`;

/**
 * The devices placed on this floor; in edit mode each can be taken off it. Mirrors the
 * editor's selection: each row's select button (pressed when selected; Shift toggles)
 * selects on the plan, and with the focus there the arrows nudge it (the editor's
 * window shortcuts), so the editor works from the keyboard alone; each row reads the
 * device's position, so a nudge can be checked without the plan. The device
 * named by `highlightedId` (opened from an alert) is marked and scrolled into view.
 */
export function PlacedDevicesList({
  devices,
  editable,
  highlightedId = null,
  selectedIds = [],
  onSelect,
  onRemove,
}: {
  devices: readonly ListedDevice[];
  editable: boolean;
  highlightedId?: string | null;
  /** The editor's selection. */
  selectedIds?: readonly string[];
  /** Select `id` (only it), or with `toggle` add or remove it. */
  onSelect?: (id: string, toggle: boolean) => void;
  onRemove: (device: ListedDevice) => void;
}) {
  const highlighted = useRef<HTMLLIElement>(null);
  const present = highlightedId !== null && devices.some((d) => d.device_id === highlightedId);
  useEffect(() => {
    if (present) highlighted.current?.scrollIntoView({ block: 'nearest' });
  }, [present, highlightedId]);
  return (
    <Card size="2">
      <Flex align="baseline" gap="2" mb="3">
        <Heading as="h2" size="3">
          On this floor
        </Heading>
        <Text size="2" color="gray">
          {devices.length}
        </Text>
      </Flex>
      {devices.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No devices placed yet.{editable ? ' Add one from the list below; it lands in the middle of the view.' : ''}
        </Text>
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ul aria-label="Devices on this floor" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {devices.map((device) => (
              <Flex asChild key={device.device_id} align="center" justify="between" gap="2">
                <li
                  ref={device.device_id === highlightedId ? highlighted : undefined}
                  data-highlighted={device.device_id === highlightedId || undefined}
                  aria-current={device.device_id === highlightedId ? 'true' : undefined}
                  data-selected={selectedIds.includes(device.device_id) || undefined}
                  className="fw-placed-device"
                  style={selectedIds.includes(device.device_id) ? { boxShadow: 'inset 3px 0 0 var(--accent-9)' } : undefined}
                >
                  <Flex direction="column" minWidth="0">
                    <AppLink href={`/devices/${encodeURIComponent(device.device_id)}`}>{device.name}</AppLink>
                    <Text size="1" color="gray">
                      {device.device_type}
                      {device.position && ` · ${positionText(device.position)}`}
                    </Text>
                  </Flex>
                  <Flex align="center" gap="2">
                    {onSelect && (
                      <Tooltip content="Select on the plan (Shift: add or remove)">
                        <IconButton
                          size="1"
                          variant={selectedIds.includes(device.device_id) ? 'solid' : 'soft'}
                          aria-label={`Select ${device.name}`}
                          aria-pressed={selectedIds.includes(device.device_id)}
                          onClick={(event) => onSelect(device.device_id, event.shiftKey)}
                        >
                          <TargetIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                    <StatusBadge status={device.status} />
                    {editable && (
                      <Tooltip content="Remove from floor">
                        <IconButton
                          size="1"
                          variant="ghost"
                          color="gray"
                          aria-label={`Remove ${device.name} from floor`}
                          onClick={() => onRemove(device)}
                        >
                          <Cross2Icon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Flex>
                </li>
              </Flex>
            ))}
          </ul>
        </Flex>
      )}
    </Card>
  );
}
