/**
 * How a user is named in the shell (SPEC.md section 2 "Layout"): apart from `UserMenu` so a
 * page that only shows a name (the password pages' signed-in notice) does not load the menu.
 */
import type { User } from '../api/types';

/** SPEC.md section 2: the avatar letter is the name's first letter, else 'U'. */
export function avatarFallback(user: Pick<User, 'name'> | null): string {
  const first = user?.name?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

/** SPEC.md section 2: the shown name, 'User' when there is none. */
export function displayName(user: Pick<User, 'name'> | null): string {
  return user?.name?.trim() || 'User';
}
