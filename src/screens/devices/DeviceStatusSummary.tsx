import { Badge, Flex } from '@radix-ui/themes';
import { deviceMetrics } from '../../api/devices';
import type { Device } from '../../api/types';

/** Counts of devices by status as coloured badges (online green, offline gray, error red). */
export function DeviceStatusSummary({ devices }: { devices: readonly Device[] }) {
  const m = deviceMetrics(devices);
  return (
    <Flex gap="2" wrap="wrap">
      <Badge color="green" variant="soft">{`${m.online} online`}</Badge>
      <Badge color="gray" variant="soft">{`${m.offline} offline`}</Badge>
      <Badge color="red" variant="soft">{`${m.error} error`}</Badge>
    </Flex>
  );
}
