/** A kind of event the simulator sends, as VORTEX's alarm management names it. */
export interface SimEventType {
  /** VORTEX's `eventType` as the webhook carries it (free text, VIVOTEK's names). */
  eventType: string;
  /** `eventName` values: the names users give their alarm rules. */
  eventNames: readonly string[];
  /** VORTEX device types that raise it. */
  deviceTypes: readonly string[];
  /** Relative frequency (any non-negative number). */
  weight: number;
}

const CAMERAS = ['CAMERA', 'NVR_CAMERA'] as const;

/**
 * What the simulator sends by default: the names VIVOTEK cameras use for the spec's five
 * types (Audio, Video motion, Intrusion, Line crossing, Tampering once mapped by
 * server/vortex/eventTypes.ts), and names the spec has no type for, which Floorwatch keeps
 * as sent: loitering, a user's Think Alert rule, an I/O module's digital input and an
 * NVR's video loss. Motion is the most common, as on real sites.
 */
export const DEFAULT_EVENT_TYPES: readonly SimEventType[] = [
  { eventType: 'Motion Detection', eventNames: ['Corridor motion', 'Motion after hours', 'Dock motion', 'Lobby motion'], deviceTypes: CAMERAS, weight: 30 },
  { eventType: 'Audio Detection', eventNames: ['Glass break sound', 'Loud noise', 'Alarm siren heard'], deviceTypes: CAMERAS, weight: 10 },
  { eventType: 'Intrusion Detection', eventNames: ['Perimeter intrusion', 'Restricted area intrusion', 'Loading dock intrusion'], deviceTypes: CAMERAS, weight: 10 },
  { eventType: 'Line Crossing', eventNames: ['Lobby tripwire', 'Dock line crossing', 'Gate line crossing'], deviceTypes: CAMERAS, weight: 10 },
  { eventType: 'Tamper Detection', eventNames: ['Camera tampering', 'Lens covered', 'Camera moved'], deviceTypes: CAMERAS, weight: 5 },
  { eventType: 'Loitering Detection', eventNames: ['Loitering at entrance', 'Loitering near gate'], deviceTypes: CAMERAS, weight: 6 },
  { eventType: 'Think Alert', eventNames: ['Person without hard hat in warehouse', 'Forklift in pedestrian lane'], deviceTypes: CAMERAS, weight: 5 },
  { eventType: 'Digital Input', eventNames: ['Door forced open', 'Door held open'], deviceTypes: ['IO_MODULE'], weight: 6 },
  { eventType: 'Video Loss', eventNames: ['Channel video loss'], deviceTypes: ['NVR'], weight: 2 },
];
