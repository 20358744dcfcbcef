import { useRef } from 'react';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { Box, Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { FloorScene } from '../../scene/FloorScene';
import type { FloorSceneHandle, SceneInteraction, ScenePulse, SceneDevice } from '../../scene/FloorScene';
import type { CurrentPlanFiles } from '../../api/floors';
import { useElementSize } from '../../lib/useElementSize';
import { PlanVariantsContext } from '../../scene/planVariants';
import { useScenePlan } from './plans/useScenePlan';
import { DEVICE_DRAG_TYPE } from './AvailableDevicesList';
import { FLOOR_VIEW_BOX } from './floorViewSize';
import './floorCanvas.css';

/** The `--fw-floor-cursor` custom property `floorCanvas.css` puts on the scene's canvases. */
const cursorVariable = (cursor: string | undefined) => (cursor ? ({ '--fw-floor-cursor': cursor } as CSSProperties) : {});

/** Stage size before the first measurement (and in environments without ResizeObserver). */
const DEFAULT_SIZE = { width: 960, height: 600 };

/**
 * The floor plan viewport: fetches the plan with the bearer header (its display version
 * when it has one; the scene fetches the original when zoomed in), sizes the scene to its
 * box, and overlays the plan's loading and error states.
 */
export function FloorCanvas({
  imageUrl,
  planFiles = null,
  devices,
  pulses,
  focusDeviceId,
  editable,
  onDeviceMove,
  interaction,
  onPlanSize,
  onDeviceDrop,
  inspector,
  cursor,
  sceneRef,
}: {
  /** API path of the plan image (starts with `/v1`). */
  imageUrl: string;
  /** The current plan's display and original files (`currentPlanFiles(floor)`); without them the image at `imageUrl` is the whole plan. */
  planFiles?: CurrentPlanFiles | null;
  devices: readonly SceneDevice[];
  /** Live event pulses of the devices on this floor. */
  pulses?: readonly ScenePulse[];
  /** A device to centre once (`?device=`), else null. */
  focusDeviceId?: string | null;
  editable: boolean;
  onDeviceMove?: (id: string, xPercent: number, yPercent: number) => void;
  /** The editor's pointer callbacks and selection (see `SceneInteraction`). */
  interaction?: SceneInteraction;
  /** The loaded plan's natural size in px. */
  onPlanSize?: (size: { width: number; height: number }) => void;
  /** A palette device (`DEVICE_DRAG_TYPE`) dropped on the plan at page point `clientX`, `clientY`. */
  onDeviceDrop?: (deviceId: string, clientX: number, clientY: number) => void;
  /** A panel floating over the plan's top right corner (the selected camera's inspector), out of the page flow. */
  inspector?: ReactNode;
  /** CSS cursor over the plan (the editor's, `editorCursor`); absent leaves the scene's own. */
  cursor?: string;
  sceneRef: Ref<FloorSceneHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box, DEFAULT_SIZE);
  const plan = useScenePlan(imageUrl, planFiles);
  return (
    <Box
      ref={box}
      className="fw-floor-canvas"
      data-cursor={cursor}
      position="relative"
      overflow="hidden"
      onDragOver={(event) => {
        if (!onDeviceDrop || !event.dataTransfer.types.includes(DEVICE_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDrop={(event) => {
        const deviceId = event.dataTransfer.getData(DEVICE_DRAG_TYPE);
        if (!onDeviceDrop || !deviceId) return;
        event.preventDefault();
        onDeviceDrop(deviceId, event.clientX, event.clientY);
      }}
      style={{ ...FLOOR_VIEW_BOX, borderRadius: 'var(--radius-3)', background: 'var(--gray-2)', ...cursorVariable(cursor) }}
    >
      <PlanVariantsContext value={plan.variants}>
        <FloorScene
          ref={sceneRef}
          imageUrl={plan.objectUrl}
          width={size.width}
          height={size.height}
          devices={devices}
          pulses={pulses}
          focusDeviceId={focusDeviceId}
          editable={editable}
          onDeviceMove={onDeviceMove}
          interaction={interaction}
          onImageLoad={onPlanSize}
        />
      </PlanVariantsContext>
      {inspector && (
        <Box position="absolute" top="3" right="3" width="300px" style={{ zIndex: 1, maxHeight: 'calc(100% - 24px)', overflowY: 'auto' }}>
          {inspector}
        </Box>
      )}
      {plan.status === 'loading' && (
        <Flex position="absolute" inset="0" align="center" justify="center" gap="2">
          <Spinner />
          <Text size="2" color="gray">
            Loading floor plan…
          </Text>
        </Flex>
      )}
      {plan.status === 'error' && (
        <Flex position="absolute" inset="0" align="center" justify="center" p="4">
          <Callout.Root color="red">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>The floor plan could not be loaded.</Callout.Text>
          </Callout.Root>
        </Flex>
      )}
    </Box>
  );
}
