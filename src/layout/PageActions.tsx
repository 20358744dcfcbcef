import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The top bar's page-actions element, once mounted; null outside the sidebar layout. */
export const PageActionsSlotContext = createContext<HTMLElement | null>(null);

/**
 * Renders `children` (buttons, menus) into the top bar's page-actions slot
 * (SPEC.md section 2 "Top bar"). Renders nothing where the layout has no top bar
 * (signed-out pages), so screens can use it unconditionally.
 */
export function PageActions({ children }: { children: ReactNode }) {
  const slot = useContext(PageActionsSlotContext);
  return slot ? createPortal(children, slot) : null;
}
