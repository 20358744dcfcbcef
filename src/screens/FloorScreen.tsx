import { useMemo, useRef } from 'react';
import { Badge, Box, Card, Flex, Grid, Skeleton } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useParams, useSearch } from 'wouter';
import type { PlacedDevice } from '../api/floorDevices';
import { currentPlanFiles } from '../api/floors';
import { devicesAtom } from '../atoms/devices.atoms';
import { deviceIndicatorsAtom } from '../atoms/realtime.atoms';
import { floorDevicesFamily, floorFamily } from '../atoms/floors.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import type { FloorSceneHandle, SceneDevice } from '../scene/FloorScene';
import { LoadError } from './common/LoadError';
import { AvailableDevicesList } from './floor/AvailableDevicesList';
import { FloorCanvas } from './floor/FloorCanvas';
import { floorPulses, focusedDeviceParam } from './floor/floorPulses';
import { FloorToolbar } from './floor/FloorToolbar';
import { isEditMode } from './floor/floorMode';
import { PlacedDevicesList } from './floor/PlacedDevicesList';
import { PlanUpload } from './floor/PlanUpload';
import { PlanManager } from './floor/plans/PlanManager';
import { useFloorDeviceActions } from './floor/useFloorDeviceActions';

const toSceneDevice = (d: PlacedDevice): SceneDevice => ({
  id: d.device_id,
  name: d.name,
  status: d.status,
  xPercent: d.x_percent,
  yPercent: d.y_percent,
});

/**
 * `/floors/{floorId}`: the floor plan with its devices. Edit mode (`?mode=edit` or no
 * mode) drags markers and adds or removes devices; any other mode only views. Devices
 * with a live event pulse in its colour; `?device=<id>` (an alert's 'Show on floor')
 * centres that device and highlights it in the list.
 */
export default function FloorScreen() {
  const { floorId = '' } = useParams<{ floorId: string }>();
  const search = useSearch();
  const editable = isEditMode(search);
  const focusedDeviceId = focusedDeviceParam(search);
  const floor = useAtomValue(floorFamily(floorId));
  const positions = useAtomValue(floorDevicesFamily(floorId));
  const devices = useAtomValue(devicesAtom);
  const indicators = useAtomValue(deviceIndicatorsAtom);
  const floorError = useErrorToast(floor.error, 'Failed to load floor');
  useErrorToast(positions.error, 'Failed to load floor data');
  useErrorToast(devices.error, 'Failed to load devices', { withMessage: true });

  const sceneRef = useRef<FloorSceneHandle>(null);
  const { addDevice, moveDevice, removeDevice } = useFloorDeviceActions(floorId, sceneRef);

  const placed = useMemo(() => positions.data ?? [], [positions.data]);
  const sceneDevices = useMemo(() => placed.map(toSceneDevice), [placed]);
  const pulses = useMemo(() => floorPulses(indicators, new Set(placed.map((d) => d.device_id))), [indicators, placed]);
  const available = useMemo(() => {
    const here = new Set(placed.map((d) => d.device_id));
    return (devices.data ?? []).filter((d) => !here.has(d.device_id));
  }, [devices.data, placed]);

  const data = floor.data;
  const imageUrl = data?.image_url ?? null;

  return (
    <>
      <FloorToolbar floorId={floorId} editable={editable} hasPlan={imageUrl !== null} onFit={() => sceneRef.current?.fitToView()} />
      <PageHeader
        title={data?.name ?? 'Floor'}
        description={
          <Flex as="span" gap="2" align="center">
            {data ? `Level ${data.level}` : ''}
            <Badge color={editable ? 'blue' : 'gray'} variant="soft">
              {editable ? 'Editing' : 'Viewing'}
            </Badge>
          </Flex>
        }
      />
      {floorError && !data && <LoadError message={floorError} onRetry={() => void floor.refetch()} />}
      <Grid columns={{ initial: '1', md: '1fr 320px' }} gap="4" align="start">
        <Card size="1">
          {floor.isPending && <Skeleton height="480px" />}
          {data && imageUrl !== null && (
            <FloorCanvas
              imageUrl={imageUrl}
              planFiles={currentPlanFiles(data)}
              devices={sceneDevices}
              pulses={pulses}
              focusDeviceId={focusedDeviceId}
              editable={editable}
              onDeviceMove={editable ? moveDevice : undefined}
              sceneRef={sceneRef}
            />
          )}
          {data && imageUrl === null && <PlanUpload floorId={floorId} />}
        </Card>
        <Box asChild>
          <Flex direction="column" gap="4">
            <PlacedDevicesList devices={placed} editable={editable} highlightedId={focusedDeviceId} onRemove={removeDevice} />
            <AvailableDevicesList devices={available} canAdd={editable && imageUrl !== null} onAdd={addDevice} />
            {data && imageUrl !== null && <PlanManager floor={data} editable={editable} />}
          </Flex>
        </Box>
      </Grid>
    </>
  );
}
