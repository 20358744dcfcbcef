import type { User } from '../../api/types';
import type { ProfileChanges } from '../../api/profile';

/** The profile form's fields as typed. */
export interface ProfileValues {
  name: string;
  picture: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** True for an absolute https URL with a host, the only pictures the server keeps. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The form's starting values from the signed-in user. */
export const profileValues = (user: User | null): ProfileValues => ({ name: user?.name ?? '', picture: user?.picture ?? '' });

/**
 * Checks the form against the user as stored and returns the changed fields to send
 * (name trimmed; an emptied picture becomes null, which removes it), or the field errors.
 * An empty `changes` means there is nothing to save.
 */
export function checkProfile(values: ProfileValues, user: User | null): { changes: ProfileChanges } | { errors: ProfileErrors } {
  const name = values.name.trim();
  const picture = values.picture.trim();
  const errors: ProfileErrors = {};
  if (name === '') errors.name = 'Enter your name';
  if (picture !== '' && !isHttpsUrl(picture)) errors.picture = 'Enter an https:// address of an image, or leave it empty for no picture';
  if (Object.keys(errors).length > 0) return { errors };
  const changes: ProfileChanges = {};
  if (name !== (user?.name ?? '')) changes.name = name;
  if ((picture || null) !== (user?.picture ?? null)) changes.picture = picture || null;
  return { changes };
}
