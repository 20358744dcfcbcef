import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useAtom } from 'jotai';
import { useLocation } from 'wouter';
import { useSession } from '../atoms/session.atoms';
import { liveEventsPanelOpenAtom } from '../atoms/realtime.atoms';
import { LiveEventsPanel } from './LiveEventsPanel';
import type { LiveEventItem } from './LiveEventsPanel';
import { PageActionsSlotContext } from './PageActions';
import { Sidebar } from './Sidebar';
import { showsSidebar } from './sidebarNav';
import { TopBar } from './TopBar';
import { useSidebarControl, useSidebarShortcut } from './useSidebarControl';
import './shell.css';

/** No event source is connected yet; the live-events issue feeds the realtime store here. */
const NO_EVENTS: readonly LiveEventItem[] = [];

/** Sidebar, top bar, content and the Live Events panel. */
function SidebarLayout({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const sidebar = useSidebarControl();
  useSidebarShortcut(sidebar.toggle);
  const [, navigate] = useLocation();
  const [panelOpen, setPanelOpen] = useAtom(liveEventsPanelOpenAtom);
  const [activeEventId, setActiveEventId] = useState<string | null>(null);
  const onSelectEvent = useCallback(
    (id: string) => {
      setActiveEventId(id);
      navigate('/events');
    },
    [navigate],
  );

  return (
    <PageActionsSlotContext value={slot}>
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
            hasLiveEvents={NO_EVENTS.length > 0}
            onToggleLiveEvents={() => setPanelOpen((open) => !open)}
          />
          <div className="fw-shell-body">
            <main className="fw-content">{children}</main>
            {panelOpen && (
              <LiveEventsPanel
                events={NO_EVENTS}
                connected={false}
                activeId={activeEventId}
                onSelect={onSelectEvent}
                onClose={() => setPanelOpen(false)}
                nowMs={Date.now()}
              />
            )}
          </div>
        </div>
      </div>
    </PageActionsSlotContext>
  );
}

/**
 * Chooses the layout (SPEC.md section 2 "Layout"): the sidebar layout when signed in and
 * not on /login, /register, /auth/callback or /; a bare page otherwise.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { authenticated } = useSession();
  const [path] = useLocation();
  if (!showsSidebar(authenticated, path)) return <main className="fw-bare">{children}</main>;
  return <SidebarLayout>{children}</SidebarLayout>;
}
