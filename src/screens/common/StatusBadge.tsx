import { Badge } from '@radix-ui/themes';
import type { DeviceStatus } from '../../api/types';

const COLOURS = { online: 'green', offline: 'gray', error: 'red' } as const;
const LABELS: Record<DeviceStatus, string> = { online: 'Online', offline: 'Offline', error: 'Error' };

/** A device status as a badge: online green, offline gray, error red. */
export function StatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="soft" radius="full" data-status={status}>
      {LABELS[status]}
    </Badge>
  );
}
