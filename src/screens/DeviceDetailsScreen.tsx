import { useEffect, useMemo } from 'react';
import { Box, Button, Callout, Flex, Grid, Heading, Skeleton } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon, UpdateIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { useParams } from 'wouter';
import { problemMessage } from '../api/client';
import type { EventListQuery } from '../api/events';
import { deviceFamily, syncDeviceAtom } from '../atoms/devices.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import { useNow } from '../lib/useNow';
import { AppLink } from './common/AppLink';
import { LoadError } from './common/LoadError';
import { DeviceInfoCard } from './devices/DeviceInfoCard';
import { DeviceSnapshotCard } from './devices/DeviceSnapshotCard';
import { EventList } from './events/EventList';
import './events/events.css';

/** The device's own empty list: its organization may well have VORTEX connected already. */
const NO_DEVICE_EVENTS = {
  title: 'No events from this device yet',
  description: 'Its events appear here as VORTEX reports them.',
};

/**
 * `/devices/{deviceId}` (issue 5 "Device details"): status, type, MAC and the floor (opened
 * with the device selected), the latest snapshot with Refresh, "Sync from VORTEX" for this
 * device (`POST /v1/devices/{id}/sync`, then the device and the list are fetched again),
 * and its recent events (`GET /v1/events?device_id=…`, newest first, paged).
 */
export default function DeviceDetailsScreen() {
  const { deviceId = '' } = useParams<{ deviceId: string }>();
  const device = useAtomValue(deviceFamily(deviceId));
  const sync = useAtomValue(syncDeviceAtom);
  const errorMessage = useErrorToast(device.error, 'Failed to load devices');
  const nowMs = useNow();
  const data = device.data;
  const query = useMemo<EventListQuery>(() => ({ device_id: deviceId }), [deviceId]);
  const devices = useMemo(() => (data ? [data] : []), [data]);
  const { reset } = sync;
  // A sync's result belongs to the device it was for.
  useEffect(() => reset, [deviceId, reset]);

  return (
    <>
      <PageHeader
        title={data?.device_name ?? deviceId}
        description={data ? `${data.device_type} · ${deviceId}` : undefined}
        actions={
          data && (
            <Button variant="soft" loading={sync.isPending} onClick={() => sync.mutate(deviceId)}>
              <UpdateIcon /> Sync from VORTEX
            </Button>
          )
        }
      />
      {sync.isError && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{problemMessage(sync.error, 'Failed to sync with Vortex')}</Callout.Text>
        </Callout.Root>
      )}
      {sync.isSuccess && (
        <Callout.Root color="green" role="status" mb="4">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>Updated from VORTEX.</Callout.Text>
        </Callout.Root>
      )}
      {errorMessage && !data && <LoadError message={errorMessage} onRetry={() => void device.refetch()} />}
      {device.isPending && <Skeleton height="280px" />}
      {data && (
        <>
          <Grid columns={{ initial: '1', md: '2' }} gap="4" mb="6" align="start">
            <DeviceInfoCard device={data} />
            <DeviceSnapshotCard device={data} />
          </Grid>
          <Flex justify="between" align="baseline" mb="3">
            <Heading as="h2" size="4">
              Recent events
            </Heading>
            <AppLink href={`/events?device=${encodeURIComponent(deviceId)}`}>Open in Events</AppLink>
          </Flex>
          <Box>
            <EventList query={query} filtered={false} empty={NO_DEVICE_EVENTS} devices={devices} activeId={null} nowMs={nowMs} />
          </Box>
        </>
      )}
    </>
  );
}
