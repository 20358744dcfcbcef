import { Grid } from '@radix-ui/themes';
import { BellIcon, CheckCircledIcon, CrossCircledIcon, ExclamationTriangleIcon, VideoIcon } from '@radix-ui/react-icons';
import type { DeviceMetrics } from '../../api/analytics';
import { StatCard } from './StatCard';

/** `part` of `total` in whole percent, rounded; 0 when `total` is 0 (SPEC.md section 3 "Device metrics"). */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}

/** The three status cards, in order; each links to the devices list filtered by its status. */
const STATUS_CARDS = [
  { status: 'online', label: 'Online', icon: <CheckCircledIcon />, tone: 'green', linkLabel: 'Online devices', percent: (m: DeviceMetrics) => m.onlinePercentage },
  { status: 'offline', label: 'Offline', icon: <CrossCircledIcon />, tone: 'gray', linkLabel: 'Offline devices', percent: (m: DeviceMetrics) => m.offlinePercentage },
  { status: 'error', label: 'Error', icon: <ExclamationTriangleIcon />, tone: 'red', linkLabel: 'Devices in error', percent: (m: DeviceMetrics) => percentOf(m.error, m.total) },
] as const;

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
      {STATUS_CARDS.map((card) => (
        <StatCard
          key={card.status}
          label={card.label}
          value={figure((m) => m[card.status])}
          icon={card.icon}
          tone={card.tone}
          note={share(metrics ? card.percent(metrics) : undefined)}
          href={`/devices?status=${card.status}`}
          linkLabel={card.linkLabel}
        />
      ))}
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
