import { memo, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Konva from 'konva';
import { Group, Layer } from 'react-konva';
import { DeviceMarker } from './DeviceMarker';
import {
  counterScale,
  MARKER_RADIUS_PX,
  percentToPlan,
  planPercent,
  stagePoint,
  type PlanPercent,
  type Size,
} from './geometry';
import { visibleLabelIds } from './labels';
import { planCacheArea } from './layerCache';
import { chunksInSlices, markerChunks, MOUNT_AT_ONCE_MAX, type MarkerChunk } from './markerChunks';
import { LABEL_PADDING_PX } from './markerStyle';
import { measureLabel, type MeasuredLabel } from './measureLabel';
import { byMarkerPriority } from './sceneDevices';
import type { SceneDevice } from './types';
import { GroupCacheContext, useGroupCache } from './useGroupCache';

interface DeviceLayerProps {
  devices: readonly SceneDevice[];
  plan: Size;
  /** Viewport scale, CSS px per natural image px. */
  scale: number;
  editable: boolean;
  /** Ids of markers drawn elsewhere (the drag layer): kept, but not drawn here. */
  hidden: ReadonlySet<string>;
  onDeviceMove?: (id: string, xPercent: number, yPercent: number) => void;
  /** Told true while markers of a new floor are still mounting slice by slice, false once all are drawn. */
  onMounting?: (mounting: boolean) => void;
}

interface Placed {
  device: SceneDevice;
  at: ReturnType<typeof percentToPlan>;
  label: MeasuredLabel;
}

/** What a render of the layer drew, to tell a render that only mounted more chunks. */
interface Drawn {
  chunks: readonly MarkerChunk<Placed>[];
  shown: number;
  labelled: ReadonlySet<string>;
  inverse: number;
  hidden: ReadonlySet<string>;
  editable: boolean;
  onMove: (id: string, percent: PlanPercent) => void;
}

const deviceOf = (placed: Placed) => placed.device;

/**
 * Runs `run` in a task of its own as soon as the thread is free (a message, not a
 * timer: nested timers are clamped to 4 ms, and a frame would wait for the display).
 * @returns a function that cancels it
 */
function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
  return () => channel.port1.close();
}

/** Konva name of a group of markers that mount together (`markerChunks.ts`). */
export const MARKER_CHUNK_NAME = 'marker-chunk';

/**
 * One chunk's markers in a group (`markerChunks.ts`), memoised: mounting a slice renders
 * the new chunks only, not every marker mounted before them.
 */
const MarkerChunkGroup = memo(function MarkerChunkGroup({
  chunk,
  plan,
  inverse,
  labelled,
  editable,
  hidden,
  onMove,
}: {
  chunk: MarkerChunk<Placed>;
  plan: Size;
  inverse: number;
  labelled: ReadonlySet<string>;
  editable: boolean;
  hidden: ReadonlySet<string>;
  onMove: (id: string, percent: PlanPercent) => void;
}) {
  return (
    <Group name={MARKER_CHUNK_NAME}>
      {chunk.items.map(({ device, at, label }) => (
        <DeviceMarker
          key={device.id}
          device={device}
          at={at}
          plan={plan}
          counterScale={inverse}
          layerScaled
          label={label}
          showLabel={labelled.has(device.id)}
          editable={editable}
          hidden={hidden.has(device.id)}
          onMove={onMove}
        />
      ))}
    </Group>
  );
});

/**
 * The interactive layer of device markers. Devices in error are drawn on top and keep
 * their labels first; labels that would collide at this zoom are hidden (hover shows one).
 * Depends on the scale only, not the pan, so a background drag does not re-render it.
 * While the whole plan fits a cache bitmap at this zoom, the markers are cached as one
 * bitmap (`useGroupCache`), so a pan or zoom blits it instead of drawing every marker.
 */
function DeviceLayerView({ devices, plan, scale, editable, hidden, onDeviceMove, onMounting }: DeviceLayerProps) {
  // Issue 5: a large floor's markers mount over several tasks, each well under 50 ms,
  // one after the other (the browser paints between them when a frame is due).
  // Slice 0 (the render that adds the layer to the stage) only draws the layer empty;
  // slice 1 sorts, measures and labels the markers; each later slice mounts SLICE_MARKERS
  // or a few more, bottom chunk first, painted onto the cached bitmap rather than re-caching all
  // the markers before them. Once all are mounted (`slices` Infinity), later changes
  // render at once, as before; a floor of at most MOUNT_AT_ONCE_MAX mounts at once.
  const large = devices.length > MOUNT_AT_ONCE_MAX;
  const [slices, setSlices] = useState(0);
  if (devices.length === 0 && slices !== 0) setSlices(0);
  const waiting = large && slices === 0;
  const placed = useMemo<Placed[]>(
    () =>
      waiting
        ? []
        : [...devices].sort(byMarkerPriority).map((device) => ({
            device,
            at: percentToPlan(planPercent(device.xPercent, device.yPercent), plan),
            label: measureLabel(device.name),
          })),
    [waiting, devices, plan],
  );

  const labelled = useMemo(
    () =>
      visibleLabelIds(
        placed.map(({ device, at, label }) => ({
          id: device.id,
          // Only distances matter for collisions, so the pan can be left out.
          at: stagePoint(at.x * scale, at.y * scale),
          width: label.width + 2 * LABEL_PADDING_PX,
        })),
        MARKER_RADIUS_PX,
      ),
    [placed, scale],
  );

  const handleMove = useCallback(
    (id: string, percent: PlanPercent) => onDeviceMove?.(id, percent.x, percent.y),
    [onDeviceMove],
  );

  const chunks = useMemo(() => markerChunks(placed, deviceOf), [placed]);
  const shown = slices === Infinity || !large ? chunks.length : chunksInSlices(chunks, slices - 1);
  const mounting = waiting || shown < chunks.length;
  useEffect(() => {
    if (!mounting) {
      if (slices !== Infinity && devices.length > 0) setSlices(Infinity);
      return;
    }
    return nextTask(() => setSlices((n) => n + 1));
  }, [mounting, slices, devices.length]);
  const reportMounting = useEffectEvent((now: boolean) => onMounting?.(now));
  useLayoutEffect(() => reportMounting(mounting), [mounting]);

  const group = useRef<Konva.Group>(null);
  // A zoom sets every marker's counter-scale here, one Konva attribute each, instead of
  // re-rendering thousands of marker components (they skip a new `counterScale` alone).
  // Declared before the cache, whose layout effect must see the new scale.
  const inverse = counterScale(scale);
  useLayoutEffect(() => {
    for (const chunk of group.current?.getChildren() ?? []) {
      if (chunk instanceof Konva.Group) for (const marker of chunk.getChildren()) marker.scale({ x: inverse, y: inverse });
    }
  }, [inverse]);
  // Konva's own marker drag (no editor) moves a node outside React: draw live meanwhile.
  const [konvaDrag, setKonvaDrag] = useState(false);
  const area = konvaDrag ? null : planCacheArea(plan, scale, Konva.pixelRatio);
  const drawn = useRef<Drawn | null>(null);
  // The chunk groups this render only added on top (see `useGroupCache`), or null.
  const addedChunks = () => {
    const before = drawn.current;
    drawn.current = { chunks, shown, labelled, inverse, hidden, editable, onMove: handleMove };
    if (
      !before ||
      before.chunks !== chunks ||
      before.shown > shown ||
      before.labelled !== labelled ||
      before.inverse !== inverse ||
      before.hidden !== hidden ||
      before.editable !== editable ||
      before.onMove !== handleMove
    ) {
      return null;
    }
    return group.current?.getChildren().slice(before.shown, shown) ?? null;
  };
  const invalidateCache = useGroupCache(group, area, addedChunks);

  // Chunks come bottom first (devices in error last, on top), each in draw order.
  return (
    <Layer name="device-layer">
      <GroupCacheContext value={invalidateCache}>
        {/* Keyed on being empty: markers arriving on an empty floor mount with a new group, in
            one append per marker; inserted one by one into a live group, React looks for
            each one's next sibling past all the others (quadratic: 0.3 s for 5 000). */}
        <Group key={placed.length === 0 ? 'empty' : 'placed'} ref={group} name="device-markers" onDragStart={() => setKonvaDrag(true)} onDragEnd={() => setKonvaDrag(false)}>
          {chunks.slice(0, shown).map((chunk) => (
            <MarkerChunkGroup
              key={chunk.key}
              chunk={chunk}
              plan={plan}
              inverse={inverse}
              labelled={labelled}
              editable={editable}
              hidden={hidden}
              onMove={handleMove}
            />
          ))}
        </Group>
      </GroupCacheContext>
    </Layer>
  );
}

/** The device layer; memoised so panning skips it. */
export const DeviceLayer = memo(DeviceLayerView);
