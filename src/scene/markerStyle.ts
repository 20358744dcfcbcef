/**
 * Look of device markers, in CSS px (markers are counter-scaled, so these sizes hold at
 * every zoom). Status colours follow the usual security-console convention: green online,
 * gray offline, red error.
 */
import type { SceneDevice } from './types';

export const STATUS_COLOURS: Readonly<Record<SceneDevice['status'], string>> = {
  online: '#16a34a',
  offline: '#6b7280',
  error: '#dc2626',
};

/** Draw and label priority: devices in error come first for labels and sit on top. */
export const STATUS_PRIORITY: Readonly<Record<SceneDevice['status'], number>> = {
  error: 0,
  offline: 1,
  online: 2,
};

export const LABEL_FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const LABEL_FONT_SIZE_PX = 11;
export const LABEL_FONT_STYLE = '600';
export const LABEL_PADDING_PX = 4;
/** Names wider than this are cut with an ellipsis. */
export const LABEL_MAX_TEXT_PX = 132;
export const LABEL_BACKGROUND = 'rgba(15, 23, 42, 0.86)';

/** Field-of-view cone fill and outline: translucent so the plan reads through (Radix amber 9 at 18 %). */
export const FOV_FILL = 'rgba(255, 197, 61, 0.18)';
export const FOV_STROKE = 'rgba(255, 197, 61, 0.7)';
/** Selection outline colour (Radix blue 9). */
export const SELECTION_COLOUR = '#0090ff';

/** Konva node id of a device's marker group, for `stage.findOne()` in tests and tools. */
export const markerNodeId = (deviceId: string): string => `device-marker:${deviceId}`;
/** Konva name shared by all device marker groups. */
export const MARKER_NODE_NAME = 'device-marker';
