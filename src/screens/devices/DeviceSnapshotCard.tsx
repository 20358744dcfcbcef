import { Box, Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { ImageIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useMemo } from 'react';
import type { Device } from '../../api/types';
import { useSnapshot } from '../../lib/snapshotCache/useSnapshot';

const FRAME = { aspectRatio: '16 / 9', borderRadius: 'var(--radius-3)', overflow: 'hidden', background: 'var(--gray-a3)' } as const;

/**
 * The device's latest snapshot through the snapshot cache (SPEC.md sections 3, 5 and 9:
 * CAMERA and NVR_CAMERA only, kept 5 min), with Refresh to ask VORTEX again. A failure
 * shows the cache entry's message ('Failed to get snapshot' when the server gives none).
 */
export function DeviceSnapshotCard({ device }: { device: Pick<Device, 'device_id' | 'device_type' | 'device_name'> }) {
  const source = useMemo(() => ({ deviceId: device.device_id, deviceType: device.device_type }), [device.device_id, device.device_type]);
  const { imageUrl, isLoading, error, supported, refresh } = useSnapshot(source);

  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center">
          <Heading as="h2" size="4">
            Latest snapshot
          </Heading>
          {supported && (
            <Button variant="soft" size="2" loading={isLoading} onClick={() => void refresh()}>
              <ReloadIcon /> Refresh
            </Button>
          )}
        </Flex>
        {!supported && (
          <Flex align="center" justify="center" direction="column" gap="2" style={FRAME}>
            <ImageIcon width={22} height={22} color="var(--gray-9)" aria-hidden />
            <Text size="2" color="gray">{`No snapshots for ${device.device_type} devices`}</Text>
          </Flex>
        )}
        {supported && isLoading && !imageUrl && <Skeleton style={{ ...FRAME, width: '100%' }} aria-label="Loading snapshot" />}
        {supported && imageUrl && (
          <Box style={FRAME}>
            <img src={imageUrl} alt={`Snapshot of ${device.device_name}`} style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }} />
          </Box>
        )}
        {supported && !isLoading && !imageUrl && (
          <Flex align="center" justify="center" direction="column" gap="2" style={FRAME} role="alert">
            <ImageIcon width={22} height={22} color="var(--gray-9)" aria-hidden />
            <Text size="2" color="gray">
              {error ?? 'Failed to get snapshot'}
            </Text>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
