import { Card, Code, DataList, Flex, Skeleton, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useParams } from 'wouter';
import { deviceFamily } from '../atoms/devices.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import { LoadError } from './common/LoadError';
import { StatusBadge } from './common/StatusBadge';
import { DeviceFloorLink } from './devices/DeviceFloorLink';

/** `/devices/{deviceId}`: a device's name, id, type, status, MAC and the floor it sits on. */
export default function DeviceDetailsScreen() {
  const { deviceId = '' } = useParams<{ deviceId: string }>();
  const device = useAtomValue(deviceFamily(deviceId));
  const errorMessage = useErrorToast(device.error, 'Failed to load devices');
  const data = device.data;

  return (
    <>
      <PageHeader title={data?.device_name ?? deviceId} description={data ? data.device_type : undefined} />
      {errorMessage && !data && <LoadError message={errorMessage} onRetry={() => void device.refetch()} />}
      {device.isPending && <Skeleton height="220px" />}
      {data && (
        <Card size="3" style={{ maxWidth: 640 }}>
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>Name</DataList.Label>
              <DataList.Value>{data.device_name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Device ID</DataList.Label>
              <DataList.Value>
                <Code variant="ghost">{data.device_id}</Code>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Type</DataList.Label>
              <DataList.Value>{data.device_type}</DataList.Value>
            </DataList.Item>
            <DataList.Item align="center">
              <DataList.Label>Status</DataList.Label>
              <DataList.Value>
                <StatusBadge status={data.status} />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>MAC</DataList.Label>
              <DataList.Value>{data.mac ? <Code variant="ghost">{data.mac}</Code> : <Text color="gray">—</Text>}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Floor</DataList.Label>
              <DataList.Value>
                <Flex>{data.floor_id ? <DeviceFloorLink floorId={data.floor_id} /> : <Text color="gray">Not placed</Text>}</Flex>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
      )}
    </>
  );
}
