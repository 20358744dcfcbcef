/**
 * The app's tooltip (issue 5 "Weight of the pages"): Radix Themes' tooltip look and timing
 * (its classes, 200 ms delay, no delay right after another one closed, opens on keyboard
 * focus, closes on Escape, a click or leaving) without Radix Tooltip's popper and
 * floating-ui, about 10 KB gzip that every page loaded for a few icon labels.
 *
 * The trigger element is the child itself, never wrapped or swapped, so its focus and
 * identity stay; while open it is described by the tooltip (`aria-describedby`, role
 * `tooltip`). Triggers keep their own accessible name (`aria-label`): the tooltip repeats it.
 */
import { Suspense, cloneElement, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, MouseEvent, PointerEvent, ReactElement, ReactNode } from 'react';
import type { TooltipSide } from './tooltipPlacement';

/** Radix Themes' `Theme` sets this delay on its tooltip provider (ms). */
const OPEN_DELAY_MS = 200;
/** Radix Tooltip's `skipDelayDuration`: moving to another trigger within it opens at once (ms). */
const SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** The trigger's event props this component adds to (each calls the child's own first). */
type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
};

export interface TooltipProps {
  /** The tooltip's text. */
  content: ReactNode;
  /** Preferred side; the other side is used when this one has no room. Default `top`. */
  side?: TooltipSide;
  /** The trigger: one element that accepts event props (a button, a link). */
  children: ReactElement<TriggerProps>;
}

/** The open tooltip's code (portal, placement, arrow): loaded on first use, off the entry chunk. */
const Bubble = lazy(() => import('./TooltipBubble'));

/**
 * Shows `content` next to the child element on hover (mouse or pen, after 200 ms) and on
 * keyboard focus (at once).
 */
export function Tooltip({ content, side = 'top', children }: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerDown = useRef(false);

  const close = useCallback(() => {
    clearTimeout(timer.current);
    setAnchor((open) => {
      if (open) lastClosedAt = Date.now();
      return null;
    });
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [anchor, close]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? [own['aria-describedby'], id].filter(Boolean).join(' ') : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      const target = event.currentTarget;
      clearTimeout(timer.current);
      if (Date.now() - lastClosedAt < SKIP_DELAY_MS) setAnchor(target);
      else timer.current = setTimeout(() => setAnchor(target), OPEN_DELAY_MS);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      pointerDown.current = true;
      close();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // Focus that follows a click is not keyboard focus: no tooltip (as Radix).
      if (!pointerDown.current) setAnchor(event.currentTarget);
      pointerDown.current = false;
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      pointerDown.current = false;
      close();
    },
    onClick: (event) => {
      own.onClick?.(event);
      close();
    },
  });

  return (
    <>
      {trigger}
      {anchor && (
        <Suspense fallback={null}>
          <Bubble id={id} anchor={anchor} side={side} content={content} />
        </Suspense>
      )}
    </>
  );
}
