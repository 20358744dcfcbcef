import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Flex, Text, TextField } from '@radix-ui/themes';
import { ANGLE_MAX_DEG, ANGLE_MIN_DEG, clampAngle, normaliseHeading, parseDegrees, roundDegrees } from '../../lib/angles';

/** Which rule a typed value follows: a heading wraps into 0..<360, an angle is clamped to 1..360. */
export type DegreesKind = 'heading' | 'angle';

const inRange = (kind: DegreesKind, value: number) =>
  kind === 'heading' ? value >= 0 && value < 360 : value >= ANGLE_MIN_DEG && value <= ANGLE_MAX_DEG;

const fixUp = (kind: DegreesKind, value: number) => (kind === 'heading' ? normaliseHeading(value) : clampAngle(value));

/** The inline note for a typed value that was brought into range. */
export function adjustedMessage(kind: DegreesKind, typed: number, used: number): string {
  return kind === 'heading'
    ? `A heading is 0° to under 360°: ${typed}° is ${used}°.`
    : `The angle is ${ANGLE_MIN_DEG}° to ${ANGLE_MAX_DEG}°: ${typed}° was set to ${used}°.`;
}

/** Message for text that is not a number. */
export const NOT_A_NUMBER_MESSAGE = 'Enter a number of degrees.';

export interface DegreesInputProps {
  label: string;
  kind: DegreesKind;
  /** Degrees, already in range. */
  value: number;
  /** Each in-range value while typing, and the fixed-up value on commit. */
  onChange: (value: number) => void;
  /** The value an edit ended on (Enter or leaving the field), when it was edited. */
  onCommit?: (value: number) => void;
  disabled?: boolean;
}

/**
 * A number field for degrees. While typing, an in-range number is passed on at once; on
 * Enter or blur, an out-of-range number is wrapped (heading) or clamped (angle) with an
 * inline note saying so, and text that is not a number is put back with an inline error.
 * Escape puts the value back.
 */
export function DegreesInput({ label, kind, value, onChange, onCommit, disabled }: DegreesInputProps) {
  const id = useId();
  const messageId = `${id}-message`;
  // The text being typed; null while the field shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; invalid: boolean } | null>(null);

  const commit = (keepEditing: boolean) => {
    if (draft === null) return;
    const typed = parseDegrees(draft);
    if (typed === null) {
      setMessage({ text: NOT_A_NUMBER_MESSAGE, invalid: true });
      setDraft(keepEditing ? String(value) : null);
      return;
    }
    const used = fixUp(kind, typed);
    setMessage(inRange(kind, typed) && used === roundDegrees(typed) ? null : { text: adjustedMessage(kind, typed, used), invalid: false });
    if (used !== value) onChange(used);
    onCommit?.(used);
    setDraft(keepEditing ? String(used) : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(true);
    } else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      event.stopPropagation();
      setDraft(String(value));
      setMessage(null);
    }
  };

  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        inputMode="decimal"
        autoComplete="off"
        disabled={disabled}
        value={draft ?? String(value)}
        color={message?.invalid ? 'red' : undefined}
        aria-invalid={message?.invalid || undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setDraft(text);
          setMessage(null);
          const typed = parseDegrees(text);
          if (typed !== null && inRange(kind, typed) && roundDegrees(typed) !== value) onChange(roundDegrees(typed));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commit(false)}
      >
        <TextField.Slot side="right">°</TextField.Slot>
      </TextField.Root>
      {message && (
        <Text id={messageId} size="1" color={message.invalid ? 'red' : 'amber'} role={message.invalid ? 'alert' : 'status'}>
          {message.text}
        </Text>
      )}
    </Flex>
  );
}
