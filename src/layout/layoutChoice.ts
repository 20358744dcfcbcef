/**
 * Which layout a page gets (SPEC.md section 2 "Layout"). Apart from the sidebar's entries
 * (sidebarNav.ts) so the entry chunk, which decides the layout, does not carry the
 * sidebar's entries and icons (issue 5 "Weight of the pages").
 */

/** SPEC.md section 2: paths on which the sidebar never shows. */
export const BARE_PATHS: readonly string[] = ['/login', '/register', '/auth/callback', '/'];

/** The sidebar layout is used only when signed in and not on a bare path. */
export function showsSidebar(authenticated: boolean, path: string): boolean {
  return authenticated && !BARE_PATHS.includes(path);
}
