import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { headingToPoint, normaliseHeading, pointerToHeading, snapDegrees, stepHeading, wedgePath } from '../../lib/angles';

/** Keyboard step, degrees; with Shift (or Page Up/Down) the big step. */
export const DIAL_STEP_DEG = 1;
export const DIAL_BIG_STEP_DEG = 15;
/** The largest whole heading, for End and `aria-valuemax` (headings stop short of 360). */
export const DIAL_MAX_HEADING_DEG = 359;

export interface AngleDialProps {
  /** Degrees clockwise from up, 0..<360. */
  heading: number;
  /** The field-of-view wedge's width, degrees 1..360. */
  angle: number;
  /** Every new heading while dragging or per key press. */
  onChange: (heading: number) => void;
  /** The heading a gesture ended on: pointer released, or a key press. */
  onCommit?: (heading: number) => void;
  label?: string;
  disabled?: boolean;
  /** Dial diameter, pixels. */
  size?: number;
}

/** The heading a key asks for, or null when the key is not the dial's. */
function headingForKey(event: KeyboardEvent, heading: number): number | null {
  const step = event.shiftKey ? DIAL_BIG_STEP_DEG : DIAL_STEP_DEG;
  switch (event.key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return stepHeading(heading, step);
    case 'ArrowLeft':
    case 'ArrowDown':
      return stepHeading(heading, -step);
    case 'PageUp':
      return stepHeading(heading, DIAL_BIG_STEP_DEG);
    case 'PageDown':
      return stepHeading(heading, -DIAL_BIG_STEP_DEG);
    case 'Home':
      return 0;
    case 'End':
      return DIAL_MAX_HEADING_DEG;
    default:
      return null;
  }
}

/**
 * A round dial (SVG) showing a heading as a handle on the rim and the field of view as a
 * wedge about it. A slider for assistive tech and the keyboard (arrows ±1°, Shift ±15°,
 * Page Up/Down ±15°, Home 0°, End 359°, wrapping at 0/360); drag anywhere on it to point
 * the heading (whole degrees; Shift snaps to 15°). Controlled: it shows `heading`.
 */
export function AngleDial({ heading, angle, onChange, onCommit, label = 'Heading', disabled = false, size = 160 }: AngleDialProps) {
  const dialRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; last: number } | null>(null);
  const centre = size / 2;
  const radius = centre - 14;
  const handle = headingToPoint(heading, radius, centre, centre);
  // The readout sits opposite the heading, so the heading line never crosses it.
  const readout = headingToPoint(heading + 180, radius * 0.45, centre, centre);

  const headingAt = (event: PointerEvent) => {
    const box = (dialRef.current ?? (event.currentTarget as HTMLElement)).getBoundingClientRect();
    const dx = event.clientX - (box.left + box.width / 2);
    const dy = event.clientY - (box.top + box.height / 2);
    return normaliseHeading(snapDegrees(pointerToHeading(dx, dy), event.shiftKey ? DIAL_BIG_STEP_DEG : DIAL_STEP_DEG));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const next = headingAt(event);
    drag.current = { pointerId: event.pointerId, last: next };
    if (next !== heading) onChange(next);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const next = headingAt(event);
    if (next === current.last) return;
    current.last = next;
    onChange(next);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    onCommit?.(current.last);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const next = headingForKey(event, heading);
    if (next === null) return;
    event.preventDefault();
    // The floor editor's own arrow keys (nudge) must not also act on this press.
    event.stopPropagation();
    if (next !== heading) onChange(next);
    onCommit?.(next);
  };

  return (
    <div
      ref={dialRef}
      className="fw-angle-dial"
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={DIAL_MAX_HEADING_DEG}
      aria-valuenow={heading}
      aria-valuetext={`${heading}°, field of view ${angle}° wide`}
      aria-disabled={disabled || undefined}
      style={{ width: size, height: size }}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden focusable="false">
        <circle cx={centre} cy={centre} r={radius} className="fw-angle-dial-face" />
        {[0, 90, 180, 270].map((tick) => {
          const outer = headingToPoint(tick, radius, centre, centre);
          const inner = headingToPoint(tick, radius - 8, centre, centre);
          return <line key={tick} x1={inner.x} y1={inner.y} x2={outer.x} y2={outer.y} className="fw-angle-dial-tick" />;
        })}
        <path d={wedgePath(heading, angle, radius, centre, centre)} className="fw-angle-dial-wedge" data-testid="fov-wedge" />
        <line x1={centre} y1={centre} x2={handle.x} y2={handle.y} className="fw-angle-dial-heading" />
        <circle cx={handle.x} cy={handle.y} r={7} className="fw-angle-dial-handle" />
        <text x={readout.x} y={readout.y} textAnchor="middle" dominantBaseline="central" className="fw-angle-dial-label">
          {`${heading}°`}
        </text>
      </svg>
    </div>
  );
}
