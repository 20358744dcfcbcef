import { Button, Card, Grid } from '@radix-ui/themes';
import { HomeIcon, LayersIcon, PlusIcon, VideoIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import type { UseQueryResult } from '@tanstack/react-query';
import { deviceMetrics } from '../api/devices';
import { buildingsAtom } from '../atoms/buildings.atoms';
import { devicesAtom } from '../atoms/devices.atoms';
import { allFloorsAtom } from '../atoms/floors.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import { EmptyState } from './common/EmptyState';
import { StatCard } from './dashboard/StatCard';
import { DeviceStatusSummary } from './devices/DeviceStatusSummary';

/** A list query's length: null while loading, undefined after a failure. */
function countOf(result: Pick<UseQueryResult<readonly unknown[]>, 'data' | 'isError'>): number | null | undefined {
  if (result.data) return result.data.length;
  return result.isError ? undefined : null;
}

/** `/dashboard`: counts of buildings, floors (each building given 10 s) and devices. */
export default function DashboardScreen() {
  const buildings = useAtomValue(buildingsAtom);
  const floors = useAtomValue(allFloorsAtom);
  const devices = useAtomValue(devicesAtom);
  useErrorToast(buildings.error, 'Failed to load buildings');
  useErrorToast(floors.error, 'Failed to load floors');
  useErrorToast(devices.error, 'Failed to load devices', { withMessage: true });

  const metrics = devices.data ? deviceMetrics(devices.data) : null;

  return (
    <>
      <PageHeader title="Dashboard" description="Your sites, floor plans and cameras at a glance." />
      <Grid columns={{ initial: '1', sm: '3' }} gap="4" mb="5">
        <StatCard label="Buildings" value={countOf(buildings)} icon={<HomeIcon />} href="/buildings" linkLabel="View buildings" />
        <StatCard label="Floors" value={countOf(floors)} icon={<LayersIcon />} href="/buildings" linkLabel="Manage floors" />
        <StatCard
          label="Devices"
          value={countOf(devices)}
          icon={<VideoIcon />}
          note={metrics && metrics.total > 0 ? `${metrics.onlinePercentage}% online` : undefined}
          href="/devices"
          linkLabel="View devices"
        />
      </Grid>
      {devices.data && devices.data.length > 0 && (
        <Card size="2" mb="5">
          <DeviceStatusSummary devices={devices.data} />
        </Card>
      )}
      {buildings.data && buildings.data.length === 0 && (
        <Card size="3">
          <EmptyState
            icon={<HomeIcon width={22} height={22} />}
            title="Set up your first building"
            description="Add a building, upload its floor plans and place your cameras on them."
            action={
              <Button asChild>
                <Link href="/buildings">
                  <PlusIcon /> Add a building
                </Link>
              </Button>
            }
          />
        </Card>
      )}
    </>
  );
}
