import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { useSession } from '../atoms/session.atoms';
import { hasRealtimeEventsAtom, liveEventsPanelOpenAtom } from '../atoms/realtime.atoms';
import { LiveEventsDock } from './LiveEventsDock';
import { PageActionsSlotContext } from './PageActions';
import { ShellOverlaysProvider } from './ShellOverlaysProvider';
import { Sidebar } from './Sidebar';
import { showsSidebar } from './sidebarNav';
import { TopBar } from './TopBar';
import { useSidebarControl, useSidebarShortcut } from './useSidebarControl';
import './shell.css';

/** The event stream's bridge (issue 5 "Weight of the pages"): no page needs it to show, so it loads after. */
const RealtimeBridge = lazy(() => import('./RealtimeBridge').then((module) => ({ default: module.RealtimeBridge })));

/** Sidebar, top bar, content and the Live Events panel; menus and popovers load after it shows. */
function SidebarLayout({ children }: { children: ReactNode }) {
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

/**
 * Chooses the layout (SPEC.md section 2 "Layout"): the sidebar layout when signed in and
 * not on /login, /register, /auth/callback or /; a bare page otherwise. The realtime
 * bridge sits above both, so the one event stream outlives layout changes and follows the
 * session itself (connecting after sign-in, closing on sign-out); it loads lazily from the
 * first sign-in on, so signed-out pages never fetch it.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { authenticated } = useSession();
  const [path] = useLocation();
  // Loaded once first signed in, then kept: its stream machine waits 500 ms before
  // connecting anyway, and a sign-out is its own to handle (it clears the realtime atoms).
  const [bridgeWanted, setBridgeWanted] = useState(authenticated);
  if (authenticated && !bridgeWanted) setBridgeWanted(true);
  return (
    <>
      {bridgeWanted && (
        <Suspense fallback={null}>
          <RealtimeBridge />
        </Suspense>
      )}
      {showsSidebar(authenticated, path) ? (
        <SidebarLayout>{children}</SidebarLayout>
      ) : (
        <main className="fw-bare">{children}</main>
      )}
    </>
  );
}
