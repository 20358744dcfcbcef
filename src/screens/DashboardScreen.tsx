import { Box, Button, Card, Skeleton } from '@radix-ui/themes';
import { HomeIcon, PlusIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { deviceMetricsAtom } from '../atoms/analytics.atoms';
import { buildingsAtom } from '../atoms/buildings.atoms';
import { allFloorsAtom } from '../atoms/floors.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import { EmptyState } from './common/EmptyState';
import { LoadError } from './common/LoadError';
import { BuildingsOverview } from './dashboard/BuildingsOverview';
import { DeviceMetricsCards } from './dashboard/DeviceMetricsCards';
import { EventsChartCard } from './dashboard/EventsChartCard';

/**
 * `/dashboard` (issue 5 "Dashboard"): device metrics and unresolved alerts from
 * `GET /v1/analytics/device-metrics`, events over time by type (24 hours or 7 days), and
 * the buildings with their floors (each building given 10 s) and device counts.
 */
export default function DashboardScreen() {
  const metrics = useAtomValue(deviceMetricsAtom);
  const buildings = useAtomValue(buildingsAtom);
  const floors = useAtomValue(allFloorsAtom);
  const metricsError = useErrorToast(metrics.error, 'Failed to load devices');
  const buildingsError = useErrorToast(buildings.error, 'Failed to load buildings');
  useErrorToast(floors.error, 'Failed to load floors');

  return (
    <>
      <PageHeader title="Dashboard" description="Your cameras, their events and your sites at a glance." />
      {metricsError && !metrics.data && (
        <Box mb="4">
          <LoadError message={metricsError} onRetry={() => void metrics.refetch()} />
        </Box>
      )}
      <DeviceMetricsCards metrics={metrics.data ?? (metrics.isError ? undefined : null)} />
      <Box mb="5">
        <EventsChartCard />
      </Box>
      {buildings.isPending && <Skeleton height="160px" />}
      {buildingsError && !buildings.data && <LoadError message={buildingsError} onRetry={() => void buildings.refetch()} />}
      {buildings.data && buildings.data.length > 0 && <BuildingsOverview buildings={buildings.data} floors={floors.data} />}
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
