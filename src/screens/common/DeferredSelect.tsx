/**
 * A Radix Themes select whose menu code (Radix Select, its popper and floating-ui, the scroll
 * lock: about 20 KB gzip) loads after the first paint (issue 5 "Weight of the pages").
 *
 * Until first used, the select is a stand-in: the same button Radix Themes draws for a
 * closed `Select.Trigger` (same classes, role, name and value text), so nothing moves and a
 * reader or a test sees the same combobox. Hovering or focusing it loads the menu code (the
 * page also loads it once idle); pressing it (pointer down, click, Enter, Space, ArrowUp or
 * ArrowDown, as Radix opens) swaps in the real select, open. From then on it is the real one.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { whenIdle } from '../../lib/lazyOnIdle';

/** One choice: its value and the text shown. */
export interface SelectChoice {
  value: string;
  label: string;
}

export interface SelectChoiceProps {
  /** The trigger's id (for a `<label htmlFor>`). */
  id?: string;
  /** The trigger's accessible name. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectChoice[];
  /** The trigger's minimum width (px). */
  minWidth: number;
  /** Radix's content position; `item-aligned` by default. */
  position?: 'popper' | 'item-aligned';
}

const loadMenu = () => import('./SelectMenu');
const SelectMenu = lazy(() => loadMenu().then((m) => ({ default: m.SelectMenu })));
const preload = () => void loadMenu().catch(() => undefined); // a failure shows when used

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** Radix Themes' select chevron (`ChevronDownIcon` of its icons), as it draws it in a trigger. */
function Chevron() {
  return (
    <svg width="9" height="9" viewBox="0 0 9 9" fill="currentcolor" xmlns="http://www.w3.org/2000/svg" className="rt-SelectIcon" aria-hidden="true">
      <path d="M0.135232 3.15803C0.324102 2.95657 0.640521 2.94637 0.841971 3.13523L4.5 6.56464L8.158 3.13523C8.3595 2.94637 8.6759 2.95657 8.8648 3.15803C9.0536 3.35949 9.0434 3.67591 8.842 3.86477L4.84197 7.6148C4.64964 7.7951 4.35036 7.7951 4.15803 7.6148L0.158031 3.86477C-0.0434285 3.67591 -0.0536285 3.35949 0.135232 3.15803Z" />
    </svg>
  );
}

/** A select of `options` (see the module comment); the menu opens as Radix Themes' `Select` does. */
export function DeferredSelect(props: SelectChoiceProps) {
  const [used, setUsed] = useState(false);
  useEffect(() => whenIdle(preload), []);
  const use = () => setUsed(true);
  const current = props.options.find((option) => option.value === props.value);
  const standIn = (
    <button
      type="button"
      id={props.id}
      aria-label={props.label}
      style={{ minWidth: props.minWidth }}
      className="rt-reset rt-SelectTrigger rt-r-size-2 rt-variant-surface"
      role="combobox"
      aria-expanded={used}
      aria-autocomplete="none"
      dir="ltr"
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => event.button === 0 && !event.ctrlKey && use()}
      onClick={use}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        use();
      }}
    >
      <span className="rt-SelectTriggerInner">
        <span style={{ pointerEvents: 'none' }}>{current?.label ?? props.value}</span>
      </span>
      <Chevron />
    </button>
  );
  if (!used) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SelectMenu {...props} defaultOpen />
    </Suspense>
  );
}
