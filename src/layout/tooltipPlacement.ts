/**
 * Where a tooltip goes next to its trigger (for `Tooltip`): Radix Themes' placement rules
 * (4 px from the trigger, kept 10 px inside the viewport, flipped to the opposite side
 * when the preferred one has no room) without floating-ui. Pure: all sizes in CSS pixels.
 */

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

/** The trigger's box in viewport coordinates (a `DOMRect`'s fields). */
export interface AnchorBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TooltipPlacement {
  side: TooltipSide;
  /** The tooltip's viewport position (for `position: fixed`). */
  left: number;
  top: number;
  /** The arrow's centre along the tooltip's edge, from its left (top/bottom) or top (left/right) edge. */
  arrow: number;
}

/** Gap between trigger and tooltip (Radix Themes' `sideOffset`). */
export const TOOLTIP_OFFSET = 4;
/** Margin kept from the viewport's edges (Radix Themes' `collisionPadding`). */
export const TOOLTIP_PADDING = 10;
/** The arrow's height (Radix's default arrow, 10 × 5). */
export const TOOLTIP_ARROW = 5;

const OPPOSITE: Record<TooltipSide, TooltipSide> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/** Room between the trigger and the viewport's edge on `side`, minus the margins. */
function room(anchor: AnchorBox, side: TooltipSide, viewport: { width: number; height: number }): number {
  const gap = TOOLTIP_OFFSET + TOOLTIP_ARROW + TOOLTIP_PADDING;
  if (side === 'top') return anchor.top - gap;
  if (side === 'bottom') return viewport.height - (anchor.top + anchor.height) - gap;
  if (side === 'left') return anchor.left - gap;
  return viewport.width - (anchor.left + anchor.width) - gap;
}

/**
 * Places a tooltip of `size` on `preferred` side of `anchor`, or on the opposite side when
 * only that one has room; centred on the trigger, shifted to stay inside `viewport`.
 */
export function placeTooltip(
  anchor: AnchorBox,
  size: { width: number; height: number },
  preferred: TooltipSide,
  viewport: { width: number; height: number },
): TooltipPlacement {
  const vertical = (s: TooltipSide) => s === 'top' || s === 'bottom';
  const need = (s: TooltipSide) => (vertical(s) ? size.height : size.width);
  const flipped = OPPOSITE[preferred];
  const side = room(anchor, preferred, viewport) < need(preferred) && room(anchor, flipped, viewport) >= need(flipped) ? flipped : preferred;
  const distance = TOOLTIP_OFFSET + TOOLTIP_ARROW;
  if (vertical(side)) {
    const centre = anchor.left + anchor.width / 2;
    const left = clamp(centre - size.width / 2, TOOLTIP_PADDING, viewport.width - TOOLTIP_PADDING - size.width);
    const top = side === 'top' ? anchor.top - distance - size.height : anchor.top + anchor.height + distance;
    return { side, left, top, arrow: clamp(centre - left, TOOLTIP_ARROW * 2, size.width - TOOLTIP_ARROW * 2) };
  }
  const centre = anchor.top + anchor.height / 2;
  const top = clamp(centre - size.height / 2, TOOLTIP_PADDING, viewport.height - TOOLTIP_PADDING - size.height);
  const left = side === 'left' ? anchor.left - distance - size.width : anchor.left + anchor.width + distance;
  return { side, left, top, arrow: clamp(centre - top, TOOLTIP_ARROW * 2, size.height - TOOLTIP_ARROW * 2) };
}
