/**
 * Radix Themes' segmented control, drawn with its own classes and markup but without Radix
 * ToggleGroup, roving focus and collection underneath (about 6 KB gzip that the dashboard
 * would load before it shows; issue 5 "Weight of the pages").
 *
 * The same behaviour as `SegmentedControl` (a ToggleGroup of type single): a radiogroup of radio
 * buttons, one tab stop (the checked item, then the last focused), arrows (and Home/End)
 * move the focus round the items, a click, Enter or Space picks the focused one. The
 * sliding indicator is the stylesheet's, from the items' `data-state`.
 */
import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { SelectChoice } from './DeferredSelect';

export interface SegmentedChoiceProps {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectChoice[];
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Extra classes on the root (e.g. Radix Themes' margin class `rt-r-mb-5`). */
  className?: string;
}

const STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** A single-choice segmented control (see the module comment). */
export function SegmentedChoice({ value, onValueChange, options, className, ...labelling }: SegmentedChoiceProps) {
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const [focused, setFocused] = useState<number | null>(null);
  const checked = options.findIndex((option) => option.value === value);
  const tabStop = focused ?? Math.max(checked, 0);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = options.length;
    const step = STEPS[event.key];
    const target = step !== undefined ? (index + step + count) % count : event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : null;
    if (target === null) return;
    event.preventDefault();
    items.current[target]?.focus();
  };

  return (
    <div role="radiogroup" dir="ltr" {...labelling} className={`rt-SegmentedControlRoot rt-r-size-2 rt-variant-surface${className ? ` ${className}` : ''}`}>
      {options.map((option, index) => {
        const on = index === checked;
        return (
          <button
            key={option.value}
            ref={(element) => {
              items.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={on}
            data-state={on ? 'on' : 'off'}
            className="rt-reset rt-SegmentedControlItem"
            tabIndex={index === tabStop ? 0 : -1}
            onFocus={() => setFocused(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={() => !on && onValueChange(option.value)}
          >
            <span className="rt-SegmentedControlItemSeparator" />
            <span className="rt-SegmentedControlItemLabel">
              <span className="rt-SegmentedControlItemLabelActive">{option.label}</span>
              <span className="rt-SegmentedControlItemLabelInactive" aria-hidden="true">
                {option.label}
              </span>
            </span>
          </button>
        );
      })}
      <div className="rt-SegmentedControlIndicator" />
    </div>
  );
}
