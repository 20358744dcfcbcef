/**
 * The bench's tag in a webhook's `eventName` (a free-text VORTEX field that Floorwatch
 * and the reference pass through as `event_name`), so an SSE client can tell which load
 * event it got and when it was posted, without any bench-only field in the server.
 *
 * ` [fwb:<run>:<seq>:<after>:<sentMicros>]` is appended to a real rule name:
 * - run: this scenario run's id (lower-case base 36), so other runs' events are ignored;
 * - seq: 0, 1, 2 … in posting order;
 * - after: the highest n such that events 0…n were all answered 202 before this POST
 *   started (-1 for none): a client that got this event must have had those already;
 * - sentMicros: CLOCK_MONOTONIC in µs (`process.hrtime`) when the POST started; the clock
 *   is system-wide on Linux, so a client process subtracts it from its own reading.
 */
export interface Marker {
  run: string;
  seq: number;
  after: number;
  sentMicros: number;
}

const PATTERN = / \[fwb:([0-9a-z]+):(\d+):(-?\d+):(\d+)\]$/;

/** The tag to append to an event name (leading space included). */
export function encodeMarker(marker: Marker): string {
  return ` [fwb:${marker.run}:${marker.seq}:${marker.after}:${Math.round(marker.sentMicros)}]`;
}

/** The tag at the end of `eventName`, or null when it has none (not a bench event). */
export function decodeMarker(eventName: string | null | undefined): Marker | null {
  if (!eventName) return null;
  const match = PATTERN.exec(eventName);
  if (!match) return null;
  return { run: match[1] as string, seq: Number(match[2]), after: Number(match[3]), sentMicros: Number(match[4]) };
}

/** Microseconds on CLOCK_MONOTONIC, comparable between processes of this machine. */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
