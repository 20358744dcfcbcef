import { useCallback, useEffect } from 'react';
import { useAtom } from 'jotai';
import { sidebarExpandedAtom, sidebarSheetOpenAtom } from '../atoms/ui.atoms';
import { useIsMobile } from './useIsMobile';

/** SPEC.md section 2: Ctrl+B (Cmd+B on macOS) toggles the sidebar. */
export const SIDEBAR_SHORTCUT_KEY = 'b';

/**
 * The sidebar's state and toggle. On desktop the toggle expands or collapses to icons
 * (saved in the `sidebar_state` cookie); on mobile it opens or closes the sheet.
 */
export function useSidebarControl() {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useAtom(sidebarExpandedAtom);
  const [sheetOpen, setSheetOpen] = useAtom(sidebarSheetOpenAtom);
  const toggle = useCallback(() => {
    if (isMobile) setSheetOpen((open) => !open);
    else setExpanded((value) => !value);
  }, [isMobile, setExpanded, setSheetOpen]);
  return { isMobile, expanded, sheetOpen, setSheetOpen, toggle };
}

/** Installs the Ctrl/Cmd+B listener on the window while mounted. */
export function useSidebarShortcut(toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}
