import { useQuery } from '@tanstack/react-query';
import { errorStatus, problemMessage } from '../../api/client';
import { previewInvitation, type InvitationPreview } from '../../api/passwords';
import { problemFieldErrors } from '../../api/problemFields';

/** What the setup screen knows of its invitation link before a password is typed. */
export interface InvitationPreviewState {
  /** The invitation, once the server answered for it. */
  preview: InvitationPreview | null;
  /** Why the link cannot be used (forged, expired, used, or its email has an account by now), else null. */
  linkError: string | null;
  loading: boolean;
}

/**
 * Reads the invitation behind `token` once (`POST /v1/auth/password/setup/preview`), so the
 * screen can name the organization and the email, and refuse a dead link before the
 * colleague types a password. A failure that says nothing of the link (network, 5xx,
 * 429) leaves the form usable: the setup call itself checks the link again.
 * @param token the link's token; null asks nothing
 */
export function useInvitationPreview(token: string | null): InvitationPreviewState {
  const query = useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => previewInvitation(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  let linkError: string | null = null;
  if (query.error) {
    const tokenError = problemFieldErrors(query.error).token;
    if (tokenError) linkError = tokenError;
    else if (errorStatus(query.error) === 409) linkError = problemMessage(query.error, 'This invitation can no longer be used');
  }
  return { preview: query.data ?? null, linkError, loading: token !== null && query.isPending };
}
