import { Grid } from '@radix-ui/themes';
import { BellIcon, CheckCircledIcon, CrossCircledIcon, ExclamationTriangleIcon, VideoIcon } from '@radix-ui/react-icons';
import type { DeviceMetrics } from '../../api/analytics';
import { StatCard } from './StatCard';

/** `part` of `total` in whole percent, rounded; 0 when `total` is 0 (SPEC.md section 3 "Device metrics"). */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}

/**
 * The device metrics (total, online, offline, error with their rounded percentages, 0
 * without devices) and the unresolved alerts, from `GET /v1/analytics/device-metrics`.
 * `metrics` is null while loading and undefined after a failure.
 */
export function DeviceMetricsCards({ metrics }: { metrics: DeviceMetrics | null | undefined }) {
  const figure = (pick: (m: DeviceMetrics) => number) => (metrics ? pick(metrics) : metrics);
  const share = (percent: number | undefined) => (percent === undefined ? undefined : `${percent}% of devices`);
  const alerts = metrics?.unresolvedAlerts ?? 0;
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '5' }} gap="4" mb="5">
      <StatCard label="Total devices" value={figure((m) => m.total)} icon={<VideoIcon />} note="Cameras and recorders" href="/devices" linkLabel="View devices" />
      <StatCard
        label="Online"
        value={figure((m) => m.online)}
        icon={<CheckCircledIcon />}
        tone="green"
        note={share(metrics?.onlinePercentage)}
        href="/devices?status=online"
        linkLabel="Online devices"
      />
      <StatCard
        label="Offline"
        value={figure((m) => m.offline)}
        icon={<CrossCircledIcon />}
        tone="gray"
        note={share(metrics?.offlinePercentage)}
        href="/devices?status=offline"
        linkLabel="Offline devices"
      />
      <StatCard
        label="Error"
        value={figure((m) => m.error)}
        icon={<ExclamationTriangleIcon />}
        tone="red"
        note={share(metrics ? percentOf(metrics.error, metrics.total) : undefined)}
        href="/devices?status=error"
        linkLabel="Devices in error"
      />
      <StatCard
        label="Unresolved alerts"
        value={figure((m) => m.unresolvedAlerts)}
        icon={<BellIcon />}
        tone={alerts > 0 ? 'amber' : 'gray'}
        note={metrics ? (alerts > 0 ? 'Intrusion, line crossing, tampering' : 'All alerts resolved') : undefined}
        href="/events"
        linkLabel="Review in Events"
      />
    </Grid>
  );
}
