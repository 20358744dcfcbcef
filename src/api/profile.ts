/** The profile update call (SPEC.md section 7 "Auth"; issue 5): `PATCH /v1/auth/profile`. */
import { apiFetch } from './client';
import type { ProfileResponse } from './types';

/** The profile fields one update may change; an absent field stays as it is. */
export interface ProfileChanges {
  name?: string;
  /** An https URL of the avatar image, or null to remove it. */
  picture?: string | null;
}

/**
 * Sends the changed fields; resolves the user and organization as `GET /v1/auth/profile`
 * answers them. Throws the fetch error (fallback 'Failed to update profile', SPEC.md
 * section 8): 400 naming `name` or `picture`.
 */
export function updateProfile(changes: ProfileChanges): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>('/auth/profile', { method: 'PATCH', body: changes });
}
