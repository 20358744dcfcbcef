/**
 * Sends the browser to another site with a full navigation (not the router's), e.g. to
 * the Google sign-in page. A module of its own so component tests can replace it: jsdom
 * cannot navigate.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
