/** The five event types the spec names (SPEC.md section 3 "Real-time event"). */
export const EVENT_TYPES = ['Audio', 'Video motion', 'Intrusion', 'Line crossing', 'Tampering'] as const;

/** One of the spec's five event types. */
export type EventType = (typeof EVENT_TYPES)[number];

/** Event types that raise an alert as well as an event (DESIGN.md "Real time", step 2). */
export const ALERT_EVENT_TYPES: readonly EventType[] = ['Intrusion', 'Line crossing', 'Tampering'];

/**
 * Words that only qualify a name ("Motion Detection", "Audio alarm", "Tamper event"), so
 * they are dropped before lookup. "alert" is not one of them: VORTEX's user-written
 * "Think Alert" rules must keep their own name.
 */
const FILLER_WORDS = new Set(['detection', 'detected', 'detect', 'detector', 'event', 'alarm', 'trigger', 'triggered']);

/**
 * Names VIVOTEK cameras and VORTEX use, as lookup keys (lower case, filler words
 * dropped, no spaces or punctuation). Loitering, crowd detection, digital input and
 * video loss are deliberately absent: the spec has no type for them, so they keep their
 * own name. A Map, so a name like "constructor" never finds an object prototype member.
 */
const KNOWN_NAMES: ReadonlyMap<string, EventType> = new Map(
  Object.entries({
    audio: 'Audio',
    sound: 'Audio',
    audiolevel: 'Audio',
    motion: 'Video motion',
    videomotion: 'Video motion',
    vmd: 'Video motion',
    smartmotion: 'Video motion',
    smartvmd: 'Video motion',
    intrusion: 'Intrusion',
    areaintrusion: 'Intrusion',
    regionintrusion: 'Intrusion',
    zoneintrusion: 'Intrusion',
    linecrossing: 'Line crossing',
    linecross: 'Line crossing',
    crossline: 'Line crossing',
    crossingline: 'Line crossing',
    tripwire: 'Line crossing',
    virtualtripwire: 'Line crossing',
    tamper: 'Tampering',
    tampering: 'Tampering',
    cameratamper: 'Tampering',
    cameratampering: 'Tampering',
    videotamper: 'Tampering',
    videotampering: 'Tampering',
    antitamper: 'Tampering',
  } satisfies Record<string, EventType>),
);

/** Lookup key of a name: camelCase split, lower case, filler words dropped, joined. */
function lookupKey(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLER_WORDS.has(word));
  return words.join('');
}

/**
 * Maps VORTEX's free-text `eventType` to one of the spec's five types, ignoring case,
 * spaces, punctuation and words like "detection" ("Motion Detection", "VMD" and
 * "video-motion" are all 'Video motion'; "tripwire" is 'Line crossing'). Any other name,
 * such as a user's own Think Alert rule, comes back as it came, trimmed.
 */
export function mapEventType(raw: string): string {
  const trimmed = raw.trim();
  return KNOWN_NAMES.get(lookupKey(trimmed)) ?? trimmed;
}

/** True when an event of this (already mapped) type also raises an alert. */
export function isAlertEventType(type: string): boolean {
  return (ALERT_EVENT_TYPES as readonly string[]).includes(type);
}
