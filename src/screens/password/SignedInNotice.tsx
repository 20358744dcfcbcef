/**
 * A mailed link opened while someone is signed in (see `SignedInNoticeCard`). The card is its
 * own chunk (issue 5 "Weight of the pages"): most visitors of these pages are signed out.
 */
import { Suspense, lazy } from 'react';

const SignedInNoticeCard = lazy(() => import('./SignedInNoticeCard'));

/** The notice for a signed-in visitor; `purpose` ends "Sign out first to …". */
export function SignedInNotice({ purpose }: { purpose: string }) {
  return (
    // About the card's height (a one-line callout and a button), so the page does not jump.
    <Suspense fallback={<div style={{ minHeight: 112 }} aria-busy="true" />}>
      <SignedInNoticeCard purpose={purpose} />
    </Suspense>
  );
}
