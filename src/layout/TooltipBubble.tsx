/**
 * The open tooltip of `Tooltip` (its own chunk, loaded when a first tooltip opens):
 * Radix Themes' tooltip markup and classes, portalled into the trigger's theme root and
 * placed next to the trigger by `placeTooltip`, following scrolls and resizes.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Text } from '@radix-ui/themes';
import { TOOLTIP_ARROW, placeTooltip } from './tooltipPlacement';
import type { TooltipPlacement, TooltipSide } from './tooltipPlacement';

const ARROW_STYLE: Record<TooltipSide, (at: number) => CSSProperties> = {
  top: (at) => ({ top: '100%', left: at - TOOLTIP_ARROW }),
  bottom: (at) => ({ bottom: '100%', left: at - TOOLTIP_ARROW, transform: 'rotate(180deg)' }),
  right: (at) => ({ left: -TOOLTIP_ARROW * 1.5, top: at - TOOLTIP_ARROW / 2, transform: 'rotate(90deg)' }),
  left: (at) => ({ right: -TOOLTIP_ARROW * 1.5, top: at - TOOLTIP_ARROW / 2, transform: 'rotate(-90deg)' }),
};

/** The tooltip `id` (role `tooltip`) showing `content` on `side` of `anchor`. */
export default function TooltipBubble({ id, anchor, side, content }: { id: string; anchor: HTMLElement; side: TooltipSide; content: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<TooltipPlacement | null>(null);
  const place = useCallback(() => {
    const bubble = ref.current;
    if (!bubble) return;
    const size = { width: bubble.offsetWidth, height: bubble.offsetHeight };
    setPlacement(placeTooltip(anchor.getBoundingClientRect(), size, side, { width: window.innerWidth, height: window.innerHeight }));
  }, [anchor, side]);
  useLayoutEffect(place, [place, content]);
  useEffect(() => {
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [place]);

  const container = anchor.closest<HTMLElement>('.radix-themes') ?? document.body;
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className="rt-TooltipContent"
      data-side={placement?.side ?? side}
      data-state="delayed-open"
      style={{
        position: 'fixed',
        left: placement?.left ?? 0,
        top: placement?.top ?? 0,
        zIndex: 1000,
        maxWidth: 'calc(100vw - 20px)',
        visibility: placement ? 'visible' : 'hidden',
        pointerEvents: 'none',
      }}
    >
      <Text as="p" size="1" className="rt-TooltipText">
        {content}
      </Text>
      {placement && (
        <svg className="rt-TooltipArrow" width={TOOLTIP_ARROW * 2} height={TOOLTIP_ARROW} viewBox="0 0 30 10" preserveAspectRatio="none" aria-hidden style={{ position: 'absolute', ...ARROW_STYLE[placement.side](placement.arrow) }}>
          <polygon points="0,0 30,0 15,10" />
        </svg>
      )}
    </div>,
    container,
  );
}

