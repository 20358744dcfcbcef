import { memo, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import type Konva from 'konva';
import { Animation } from 'konva/lib/Animation';
import { Circle, Group, Layer } from 'react-konva';
import { EVENT_TONE_HEX } from '../lib/eventColours';
import { counterScale, percentToPlan, planPercent, type PlanPoint, type Size } from './geometry';
import {
  isPulseAlive,
  PULSE_RING_START_PX,
  PULSE_RING_WIDTH_PX,
  PULSE_RINGS,
  pulseRings,
  pulsesAttribute,
} from './pulse';
import type { ScenePulse, SceneDevice } from './types';

interface PulseLayerProps {
  pulses: readonly ScenePulse[];
  devices: readonly SceneDevice[];
  plan: Size;
  /** Viewport scale, CSS px per natural image px. */
  scale: number;
  /** Told the `data-pulses` text (see `pulsesAttribute`) whenever the set of live pulses changes. */
  onLiveChange: (attribute: string) => void;
}

interface PlacedPulse extends ScenePulse {
  at: PlanPoint;
}

/** Konva node id of a device's pulse group, for `stage.findOne()` in tests. */
export const pulseNodeId = (deviceId: string): string => `device-pulse:${deviceId}`;

/**
 * The pulses of devices with a recent event, on their own non-listening layer above the
 * markers. React draws one group of rings per pulse (and redraws only when the pulses,
 * devices or zoom change); a `Konva.Animation` bound to this layer alone moves the rings
 * each frame, so no React commit happens per frame and no other layer is redrawn. The
 * animation stops once every pulse has faded out. Pulses for devices not drawn are left out.
 */
function PulseLayerView({ pulses, devices, plan, scale, onLiveChange }: PulseLayerProps) {
  const layerRef = useRef<Konva.Layer>(null);
  const rings = useRef(new Map<string, (Konva.Circle | null)[]>());
  const placed = useMemo<PlacedPulse[]>(() => {
    const positions = new Map(devices.map((d) => [d.id, percentToPlan(planPercent(d.xPercent, d.yPercent), plan)]));
    return pulses.flatMap((pulse) => {
      const at = positions.get(pulse.deviceId);
      return at ? [{ ...pulse, at }] : [];
    });
  }, [pulses, devices, plan]);

  const reportLive = useEffectEvent((attribute: string) => onLiveChange(attribute));

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    let reported: string | null = null;
    let reportedCount = -1;
    const step = (): boolean => {
      const now = Date.now();
      const live = placed.filter((pulse) => isPulseAlive(pulse.startedAt, now));
      for (const pulse of placed) {
        const frame = pulseRings(now - pulse.startedAt);
        rings.current.get(pulse.deviceId)?.forEach((ring, index) => {
          const look = frame[index];
          ring?.setAttrs(look ? { radius: look.radius, opacity: look.opacity, visible: true } : { visible: false });
        });
      }
      // The pulses only ever fade out, so the live set changes exactly when its size does:
      // the attribute (a sort) is built then, not on every frame of 500 pulses.
      if (live.length !== reportedCount) {
        reportedCount = live.length;
        const attribute = pulsesAttribute(live);
        if (attribute !== reported) {
          reported = attribute;
          reportLive(attribute);
        }
      }
      return live.length > 0;
    };
    const animation = new Animation(() => {
      // The frame that finds nothing alive still draws, so the last rings are cleared.
      if (!step()) animation.stop();
    }, layer);
    if (step()) animation.start();
    else layer.batchDraw();
    return () => {
      animation.stop();
    };
  }, [placed]);

  const inverse = counterScale(scale);
  return (
    <Layer ref={layerRef} listening={false} name="pulse-layer">
      {placed.map((pulse) => (
        <Group key={pulse.deviceId} id={pulseNodeId(pulse.deviceId)} x={pulse.at.x} y={pulse.at.y} scaleX={inverse} scaleY={inverse}>
          {Array.from({ length: PULSE_RINGS }, (_, index) => (
            <Circle
              key={index}
              ref={(node) => {
                const list = rings.current.get(pulse.deviceId) ?? [];
                list[index] = node;
                rings.current.set(pulse.deviceId, list);
              }}
              radius={PULSE_RING_START_PX}
              stroke={EVENT_TONE_HEX[pulse.tone]}
              strokeWidth={PULSE_RING_WIDTH_PX}
              opacity={0}
              perfectDrawEnabled={false}
            />
          ))}
        </Group>
      ))}
    </Layer>
  );
}

/** The pulse layer; memoised so panning (which does not change its props) skips it. */
export const PulseLayer = memo(PulseLayerView);
