/**
 * Radix Themes' radio cards, drawn with its own classes and markup but without Radix
 * RadioGroup, roving focus and collection underneath (about 6 KB gzip that the settings page
 * would load before it shows; issue 5 "Weight of the pages").
 *
 * The same behaviour as `RadioCards` (a Radix RadioGroup): a radiogroup of radio buttons,
 * one tab stop (the checked card, else the first), arrows move round the cards and check the
 * one they reach, Space or a click checks the focused one (Enter does not, as in Radix).
 */
import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Grid } from '@radix-ui/themes';
import type { GridProps } from '@radix-ui/themes';

export interface RadioCardsChoiceProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Each card's value and content; `name` when the content alone does not name it well. */
  options: readonly { value: string; label: ReactNode; name?: string }[];
  columns: GridProps['columns'];
  'aria-labelledby'?: string;
}

const STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** A single choice among cards (see the module comment). */
export function RadioCardsChoice({ value, onValueChange, options, columns, ...labelling }: RadioCardsChoiceProps) {
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const checked = options.findIndex((option) => option.value === value);
  const tabStop = Math.max(checked, 0);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'Enter') return event.preventDefault();
    const step = STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const target = (index + step + options.length) % options.length;
    items.current[target]?.focus();
    onValueChange(options[target]!.value);
  };

  return (
    <Grid asChild columns={columns} gap="4">
      <div role="radiogroup" aria-required="false" dir="ltr" {...labelling} className="rt-RadioCardsRoot rt-r-size-2 rt-variant-surface">
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
              data-state={on ? 'checked' : 'unchecked'}
              value={option.value}
              aria-label={option.name}
              className="rt-reset rt-BaseCard rt-RadioCardsItem"
              tabIndex={index === tabStop ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, index)}
              onClick={() => !on && onValueChange(option.value)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </Grid>
  );
}
