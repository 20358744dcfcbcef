import { useCallback, useMemo, useRef, useState } from 'react';
import type { Device } from '../api/types';
import { Badge, Box, Card, Flex, Grid, Skeleton } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useSelector } from '@xstate/react';
import { useParams, useSearch } from 'wouter';
import { toStatus } from '../api/floorDevices';
import type { PlacedDevice } from '../api/floorDevices';
import { currentPlanFiles } from '../api/floors';
import { devicesAtom } from '../atoms/devices.atoms';
import { deviceIndicatorsAtom } from '../atoms/realtime.atoms';
import { floorDevicesFamily, floorFamily } from '../atoms/floors.atoms';
import { PageHeader } from '../layout/PageHeader';
import { useErrorToast } from '../lib/useErrorToast';
import type { FloorSceneHandle, SceneDevice, SceneInteraction, SceneTarget } from '../scene/FloorScene';
import { planPercent } from '../scene/geometry';
import { editorCursor } from '../machines/floorEditor/cursor';
import type { Placement } from '../machines/floorEditor/types';
import { LoadError } from './common/LoadError';
import { AvailableDevicesList } from './floor/AvailableDevicesList';
import { FloorCanvas } from './floor/FloorCanvas';
import { floorPulses, focusedDeviceParam } from './floor/floorPulses';
import { FloorToolbar } from './floor/FloorToolbar';
import { isEditMode } from './floor/floorMode';
import { FLOOR_VIEW_BOX } from './floor/floorViewSize';
import { PlacedDevicesList } from './floor/PlacedDevicesList';
import type { ListedDevice } from './floor/PlacedDevicesList';
import { FovInspector } from './floor/FovInspector';
import { MoveDeviceDialog } from './floor/MoveDeviceDialog';
import { PlanUpload } from './floor/PlanUpload';
import { ShortcutsDialog } from './floor/ShortcutsDialog';
import { PlanManager } from './floor/plans/PlanManager';
import { useFloorEditor } from './floor/useFloorEditor';

/** What the screen knows of a device it draws or lists. */
const listed = (id: string, placed: PlacedDevice | undefined, device: Device | undefined, at: Placement | undefined): ListedDevice => ({
  device_id: id,
  name: placed?.name ?? device?.device_name ?? id,
  device_type: placed?.device_type ?? device?.device_type ?? '',
  status: placed?.status ?? device?.status ?? toStatus(undefined),
  position: at && { x_percent: at.x_percent, y_percent: at.y_percent },
});

/**
 * `/floors/{floorId}`: the floor plan with its devices, driven by the floor editor machine
 * (issue 4, {@link useFloorEditor}): selection, drag, nudge, undo/redo, shortcuts. Edit
 * mode (`?mode=edit` or no mode) moves, adds and removes devices; any other mode only
 * views (selection still works). Devices
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
  const placed = useMemo(() => positions.data ?? [], [positions.data]);
  const allDevices = useMemo(() => devices.data ?? [], [devices.data]);
  const editor = useFloorEditor({ floorId, placed, devices: allDevices, mode: editable ? 'edit' : 'view', sceneRef });
  const { actor, placements, selection, marquee, dragging, shortcutsOpen, setShortcutsOpen } = editor;

  const placedById = useMemo(() => new Map(placed.map((d) => [d.device_id, d])), [placed]);
  const deviceById = useMemo(() => new Map(allDevices.map((d) => [d.device_id, d])), [allDevices]);
  const onFloor = useMemo(
    () => Object.entries(placements).map(([id, at]) => listed(id, placedById.get(id), deviceById.get(id), at)),
    [placements, placedById, deviceById],
  );
  const sceneDevices = useMemo<SceneDevice[]>(
    () =>
      onFloor.flatMap((d) => {
        const p = placements[d.device_id];
        return p ? [{ id: d.device_id, name: d.name, status: d.status, xPercent: p.x_percent, yPercent: p.y_percent, fov: p.fov }] : [];
      }),
    [onFloor, placements],
  );
  const pulses = useMemo(() => floorPulses(indicators, new Set(Object.keys(placements))), [indicators, placements]);
  // Until the floor's placements are known every device would count as available: none
  // is listed meanwhile rather than all of them for a moment (thousands of rows).
  const placementsKnown = positions.data !== undefined;
  // The editor takes the positions one effect later: until it holds any, the devices the
  // server placed here count as placed too, or the palette would list (and then drop) up
  // to 50 of them for a render (issue 5: 50 rows mounted and removed on a 5 000-marker floor).
  const editorSyncing = placed.length > 0 && onFloor.length === 0;
  const available = useMemo(
    () =>
      placementsKnown
        ? allDevices.filter((d) => placements[d.device_id] === undefined && !(editorSyncing && placedById.has(d.device_id)))
        : [],
    [placementsKnown, allDevices, placements, editorSyncing, placedById],
  );

  // What the pointer is over, for the cursor; React skips the render while it stays the same.
  const [over, setOver] = useState<SceneTarget>('plan');
  const cursor = useSelector(actor, (s) =>
    editorCursor({ mode: s.context.mode, gesture: s.context.gesture?.kind ?? null, spaceHeld: s.context.spaceHeld }, over),
  );
  const interaction = useMemo<SceneInteraction>(
    () => ({
      selection,
      marquee,
      // The ids of a running drag (the same array for the whole drag): the scene moves those
      // markers on its drag layer and leaves every other layer undrawn (issue 4).
      dragging,
      // A press says what is under the pointer too (a touch or a pen may press without hovering first).
      onMarkerDown: (id, point, screen, shift, button) => {
        setOver('marker');
        actor.send({ type: 'marker.down', id, point, screen, shift, button });
      },
      onPlanDown: (point, screen, shift, button) => {
        setOver('plan');
        actor.send({ type: 'plan.down', point, screen, shift, button });
      },
      onFovHandleDown: (id, handle, point, screen) => {
        setOver('handle');
        actor.send({ type: 'fov.down', id, handle, point, screen });
      },
      onPointerMove: (point, screen, target) => {
        setOver(target);
        actor.send({ type: 'pointer.move', point, screen });
      },
      onPointerUp: () => actor.send({ type: 'pointer.up' }),
    }),
    [actor, selection, marquee, dragging],
  );
  const onPlanSize = useCallback((size: { width: number; height: number }) => actor.send({ type: 'plan.resize', size }), [actor]);
  // A device on another floor waits for the user's yes before it is placed here.
  const [confirming, setConfirming] = useState<{ device: Device; place: () => void } | null>(null);
  const placeAsked = (device: Device, place: () => void) => {
    if (device.floor_id && device.floor_id !== floorId) setConfirming({ device, place });
    else place();
  };
  const dropAt = (device: Device, xPercent: number, yPercent: number) =>
    placeAsked(device, () => actor.send({ type: 'palette.drop', deviceId: device.device_id, point: planPercent(xPercent, yPercent) }));
  const addDevice = (device: Device) => {
    const centre = sceneRef.current?.viewCentrePercent() ?? { xPercent: 50, yPercent: 50 };
    dropAt(device, centre.xPercent, centre.yPercent);
  };
  const pickDevice = (device: Device) => placeAsked(device, () => actor.send({ type: 'palette.pick', deviceId: device.device_id }));
  const dropDevice = (deviceId: string, clientX: number, clientY: number) => {
    const device = deviceById.get(deviceId);
    const at = sceneRef.current?.percentAtClient(clientX, clientY);
    if (device && at) dropAt(device, at.xPercent, at.yPercent);
  };
  const pickedId = useSelector(actor, (s) => (s.context.gesture?.kind === 'place' ? s.context.gesture.deviceId : null));
  const removeDevice = (device: ListedDevice) => {
    actor.send({ type: 'selection.set', ids: [device.device_id] });
    actor.send({ type: 'delete' });
  };
  const selectInList = (id: string, toggle: boolean) => {
    const next = !toggle ? [id] : selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
    actor.send({ type: 'selection.set', ids: next });
  };

  const inspected = selection.length === 1 ? onFloor.find((d) => d.device_id === selection[0]) : undefined;
  const inspectedFov = inspected ? (placements[inspected.device_id]?.fov ?? null) : null;

  const data = floor.data;
  // Until the positions are in and the editor holds them (it takes them one effect later).
  const listLoading = positions.isPending || (placed.length > 0 && onFloor.length === 0);
  const imageUrl = data?.image_url ?? null;

  return (
    <>
      <FloorToolbar
        floorId={floorId}
        editable={editable}
        hasPlan={imageUrl !== null}
        onFit={() => sceneRef.current?.fitToView()}
        onShortcuts={() => setShortcutsOpen(true)}
      />
      <PageHeader
        title={data?.name ?? 'Floor'}
        description={
          <Flex as="span" gap="2" align="center">
            {data ? `Level ${data.level}` : ''}
            <Badge color={editable ? 'blue' : 'gray'} variant="soft" highContrast>
              {editable ? 'Editing' : 'Viewing'}
            </Badge>
          </Flex>
        }
      />
      {floorError && !data && <LoadError message={floorError} onRetry={() => void floor.refetch()} />}
      <Grid columns={{ initial: '1', md: '1fr 320px' }} gap="4" align="start">
        <Card size="1">
          {floor.isPending && <Skeleton style={FLOOR_VIEW_BOX} />}
          {data && imageUrl !== null && (
            <FloorCanvas
              imageUrl={imageUrl}
              planFiles={currentPlanFiles(data)}
              devices={sceneDevices}
              pulses={pulses}
              focusDeviceId={focusedDeviceId}
              editable={editable}
              interaction={interaction}
              onPlanSize={onPlanSize}
              onDeviceDrop={editable ? dropDevice : undefined}
              inspector={
                inspected?.device_type.includes('CAMERA') ? (
                  <FovInspector
                    key={inspected.device_id}
                    name={inspected.name}
                    fov={inspectedFov}
                    editable={editable}
                    onCommit={(fov) => actor.send({ type: 'fov.set', id: inspected.device_id, fov })}
                  />
                ) : undefined
              }
              cursor={cursor}
              sceneRef={sceneRef}
            />
          )}
          {data && imageUrl === null && <PlanUpload floorId={floorId} />}
        </Card>
        <Box asChild>
          <Flex direction="column" gap="4">
            <PlacedDevicesList
              devices={onFloor}
              loading={listLoading}
              expectedCount={data?.device_count ?? null}
              editable={editable}
              highlightedId={focusedDeviceId}
              selectedIds={selection}
              onSelect={selectInList}
              onRemove={removeDevice}
            />
            <AvailableDevicesList
              devices={available}
              loading={!placementsKnown || devices.isPending}
              canAdd={editable && imageUrl !== null}
              onAdd={addDevice}
              onPick={pickDevice}
              pickedId={pickedId}
            />
            {data && imageUrl !== null && <PlanManager floor={data} editable={editable} />}
          </Flex>
        </Box>
      </Grid>
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <MoveDeviceDialog
        deviceName={confirming?.device.device_name ?? null}
        onConfirm={() => {
          confirming?.place();
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
