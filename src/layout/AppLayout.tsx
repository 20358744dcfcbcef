import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { readStoredSession, useSession } from '../atoms/session.atoms';
import { ScreenErrorBoundary } from '../router/ScreenErrorBoundary';
import { ScreenSpinner } from '../router/ScreenSpinner';
import { showsSidebar } from './layoutChoice';
import { useSidebarControl } from './useSidebarControl';
import './shell.css';

/** The event stream's bridge (issue 5 "Weight of the pages"): no page needs it to show, so it loads after. */
const RealtimeBridge = lazy(() => import('./RealtimeBridge').then((module) => ({ default: module.RealtimeBridge })));

const loadSignedInShell = () => import('./SignedInShell');
/** The sidebar layout (issue 5): its own chunk, which signed-out pages never fetch. */
const SignedInShell = lazy(loadSignedInShell);
// A stored session will most likely be restored: fetch the shell while the session is
// checked (the guard shows no screen before), not after, so the screen's chunk does not wait on it.
if (readStoredSession()) loadSignedInShell().catch(() => undefined);

/**
 * The shell's outline while its chunk loads: the same sidebar width, top bar and content
 * area (from shell.css), so nothing moves when the shell comes in.
 */
function ShellOutline() {
  const { isMobile, expanded } = useSidebarControl();
  return (
    <div className="fw-shell" aria-busy="true">
      {!isMobile && <div className="fw-sidebar" data-state={expanded ? 'expanded' : 'collapsed'} />}
      <div className="fw-shell-main">
        <div className="fw-topbar" />
        <div className="fw-shell-body">
          <div className="fw-content">
            <ScreenSpinner />
          </div>
        </div>
      </div>
    </div>
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
        <ScreenErrorBoundary>
          <Suspense fallback={<ShellOutline />}>
            <SignedInShell>{children}</SignedInShell>
          </Suspense>
        </ScreenErrorBoundary>
      ) : (
        <main className="fw-bare">{children}</main>
      )}
    </>
  );
}
