/**
 * Event colours (SPEC.md section 9): Audio green, Video motion blue, Intrusion and Line
 * crossing red, Tampering orange, every other type gray. One map for the whole app: the
 * Live Events panel's badges and icons use the tone names (Radix colour scales), the floor
 * scene's pulses the matching canvas colours.
 */

/** A colour tone, named as Radix Themes names its scales. */
export type EventTone = 'green' | 'blue' | 'red' | 'orange' | 'gray';

const TONES: Readonly<Record<string, EventTone>> = {
  Audio: 'green',
  'Video motion': 'blue',
  Intrusion: 'red',
  'Line crossing': 'red',
  Tampering: 'orange',
};

/** The tone of an event type; 'gray' for any type the spec does not name. */
export function eventTone(eventType: string): EventTone {
  return Object.hasOwn(TONES, eventType) ? (TONES[eventType] ?? 'gray') : 'gray';
}

/** Canvas colours of the tones: step 9 (solid) of each Radix scale, which reads on light and dark plans. */
export const EVENT_TONE_HEX: Readonly<Record<EventTone, string>> = {
  green: '#30a46c',
  blue: '#0090ff',
  red: '#e5484d',
  orange: '#f76b15',
  gray: '#8d8d8d',
};

/** The event types that raise an alert (and an alert toast): Intrusion, Line crossing, Tampering. */
export const ALERT_EVENT_TYPES: ReadonlySet<string> = new Set(['Intrusion', 'Line crossing', 'Tampering']);

/** True when an event of `eventType` raises an alert. */
export function isAlertEventType(eventType: string): boolean {
  return ALERT_EVENT_TYPES.has(eventType);
}
