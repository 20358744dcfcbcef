import type { EventTone } from '../lib/eventColours';

/** A device as the scene draws it: position in plan percent (0..100), status colours it. */
export interface SceneDevice {
  id: string;
  name: string;
  status: 'online' | 'offline' | 'error';
  /** Percent of the plan's natural width, 0..100, origin left. */
  xPercent: number;
  /** Percent of the plan's natural height, 0..100, origin top. */
  yPercent: number;
  /** A camera's field of view (DESIGN.md): absent or null draws no cone. */
  fov?: SceneFov | null;
}

/** A field of view as DESIGN.md defines it. */
export interface SceneFov {
  /** Degrees clockwise from the plan image's up, 0..<360. */
  readonly heading_deg: number;
  /** Width of the cone in degrees, 1..360. */
  readonly angle_deg: number;
  /** Reach in percent of the plan image's width, 0..100. */
  readonly range_percent: number;
}

/**
 * A device's event pulse (SPEC.md sections 4 and 9): one per device, a newer event
 * replaces it. `tone` is the event type's colour (`eventTone` in src/lib/eventColours.ts);
 * `startedAt` is when the event was seen, ms since epoch; `eventId` tells a new event from
 * the same one passed again.
 */
export interface ScenePulse {
  deviceId: string;
  tone: EventTone;
  startedAt: number;
  eventId: string;
}
