/**
 * The signed-in shell (SPEC.md section 2 "Layout"): sidebar, top bar, content and the Live
 * Events panel. Its own chunk (issue 5 "Weight of the pages"), loaded by `AppLayout` only
 * for a signed-in visitor, so the sign-in and password pages never fetch it.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { hasRealtimeEventsAtom, liveEventsPanelOpenAtom } from '../atoms/realtime.atoms';
import { LiveEventsDock } from './LiveEventsDock';
import { PageActionsSlotContext } from './PageActions';
import { ShellOverlaysProvider } from './ShellOverlaysProvider';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebarControl, useSidebarShortcut } from './useSidebarControl';

/** Sidebar, top bar, content and the Live Events panel; menus and popovers load after it shows. */
export default function SignedInShell({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const sidebar = useSidebarControl();
  useSidebarShortcut(sidebar.toggle);
  const [panelOpen, setPanelOpen] = useAtom(liveEventsPanelOpenAtom);
  const hasLiveEvents = useAtomValue(hasRealtimeEventsAtom);

  return (
    <PageActionsSlotContext value={slot}>
      <ShellOverlaysProvider>
        <div className="fw-shell">
          <Sidebar
            isMobile={sidebar.isMobile}
            expanded={sidebar.expanded}
            sheetOpen={sidebar.sheetOpen}
            onSheetOpenChange={sidebar.setSheetOpen}
          />
          <div className="fw-shell-main">
            <TopBar
              onToggleSidebar={sidebar.toggle}
              pageActionsRef={setSlot}
              liveEventsOpen={panelOpen}
              hasLiveEvents={hasLiveEvents}
              onToggleLiveEvents={() => setPanelOpen((open) => !open)}
            />
            <div className="fw-shell-body">
              <main className="fw-content">{children}</main>
              <LiveEventsDock />
            </div>
          </div>
        </div>
      </ShellOverlaysProvider>
    </PageActionsSlotContext>
  );
}
