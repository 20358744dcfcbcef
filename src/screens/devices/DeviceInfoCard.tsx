import { Card, Code, DataList, Heading, Text } from '@radix-ui/themes';
import type { Device } from '../../api/types';
import { StatusBadge } from '../common/StatusBadge';
import { DeviceFloorLink } from './DeviceFloorLink';

/** A device's fields: name, VORTEX id, type, status, MAC, floor (opened with the device selected) and when it was last seen. */
export function DeviceInfoCard({ device }: { device: Device }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        Details
      </Heading>
      <DataList.Root size="2">
        <DataList.Item align="center">
          <DataList.Label>Status</DataList.Label>
          <DataList.Value>
            <StatusBadge status={device.status} />
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Name</DataList.Label>
          <DataList.Value>{device.device_name}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Device ID</DataList.Label>
          <DataList.Value>
            <Code variant="ghost">{device.device_id}</Code>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Type</DataList.Label>
          <DataList.Value>{device.device_type}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>MAC</DataList.Label>
          <DataList.Value>{device.mac ? <Code variant="ghost">{device.mac}</Code> : <Text color="gray">—</Text>}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Floor</DataList.Label>
          <DataList.Value>
            {device.floor_id ? <DeviceFloorLink floorId={device.floor_id} deviceId={device.device_id} /> : <Text color="gray">Not placed</Text>}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Last seen</DataList.Label>
          <DataList.Value>{device.last_seen_at ? new Date(device.last_seen_at).toLocaleString() : <Text color="gray">Never</Text>}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Card>
  );
}
