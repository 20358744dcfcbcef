import { Flex } from '@radix-ui/themes';
import { clampAngle, normaliseHeading } from '../../lib/angles';
import type { HeadingAngle } from '../../lib/angles';
import { AngleDial } from './AngleDial';
import { DegreesInput } from './DegreesInput';
import './angleControl.css';

export type { HeadingAngle } from '../../lib/angles';

export interface AngleControlProps {
  /** Heading 0..<360 degrees clockwise from the plan's up and angle 1..360 degrees; out-of-range values are shown normalised. */
  value: HeadingAngle;
  /** Every change, normalised: while dragging, per key press, while typing an in-range number. */
  onChange: (value: HeadingAngle) => void;
  /** The value a gesture ended on: pointer released, a key press, Enter or leaving a field. Save here. */
  onCommit?: (value: HeadingAngle) => void;
  /** Names the group for assistive tech; default 'Field of view'. */
  label?: string;
  disabled?: boolean;
  /** Dial diameter, pixels; default 160. */
  size?: number;
}

/**
 * The field-of-view angle control (issue 4, DESIGN.md "Wire conventions"): a round dial
 * (heading handle and field-of-view wedge; a keyboard slider) beside number fields for
 * the heading and the angle. Controlled: it shows `value` and reports every change with
 * `onChange` and the end of each gesture with `onCommit`, always with the heading in
 * 0..<360 and the angle in 1..360.
 */
export function AngleControl({ value, onChange, onCommit, label = 'Field of view', disabled = false, size }: AngleControlProps) {
  const heading = normaliseHeading(value.heading_deg);
  const angle = clampAngle(value.angle_deg);
  const withHeading = (h: number): HeadingAngle => ({ heading_deg: h, angle_deg: angle });
  const withAngle = (a: number): HeadingAngle => ({ heading_deg: heading, angle_deg: a });

  return (
    <Flex role="group" aria-label={label} gap="4" align="center" wrap="wrap" className="fw-angle-control">
      <AngleDial
        heading={heading}
        angle={angle}
        size={size}
        disabled={disabled}
        onChange={(h) => onChange(withHeading(h))}
        onCommit={onCommit && ((h) => onCommit(withHeading(h)))}
      />
      <Flex direction="column" gap="3" style={{ width: '11rem' }}>
        <DegreesInput
          label="Heading"
          kind="heading"
          value={heading}
          disabled={disabled}
          onChange={(h) => onChange(withHeading(h))}
          onCommit={onCommit && ((h) => onCommit(withHeading(h)))}
        />
        <DegreesInput
          label="Angle"
          kind="angle"
          value={angle}
          disabled={disabled}
          onChange={(a) => onChange(withAngle(a))}
          onCommit={onCommit && ((a) => onCommit(withAngle(a)))}
        />
      </Flex>
    </Flex>
  );
}
