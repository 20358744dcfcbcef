import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { OAUTH_STATE_STORAGE_KEY, createOAuthState, startGoogleSignIn } from '../../api/auth';
import { problemMessage } from '../../api/client';
import { leaveFor } from '../../lib/leavePage';
import { writeItem } from '../../lib/storage';
import { toaster } from '../../lib/toaster';
import { logger } from '../../lib/logger';
import { GoogleLogo } from './GoogleLogo';

export interface GoogleSignInButtonProps {
  /** Default 'Continue with Google' (the invitation screen); the login screen says 'Sign in with Google'. */
  label?: string;
  /**
   * The invitation link's token, on the invitation screen: the server then joins the
   * inviting organization, or says why not (e.g. another Google account than the invited one).
   */
  invitationToken?: string;
}

/**
 * Starts Google sign-in (SPEC.md sections 5, 7, 9): saves a fresh random 32-hex-character
 * state in sessionStorage, asks `POST /v1/auth/google` for the authorization URL with this
 * app's `/auth/callback` as return address, and leaves for it; /auth/callback checks the
 * state on return. On failure: an error toast with the server's message, fallback
 * 'Failed to initiate Google authentication'. A first Google sign-in of an invited email
 * joins the inviting organization; the invitation screen passes its link's token so the
 * server checks the Google account against that invitation.
 */
export function GoogleSignInButton({ label = 'Continue with Google', invitationToken }: GoogleSignInButtonProps) {
  const [starting, setStarting] = useState(false);
  const onClick = async () => {
    setStarting(true);
    const state = createOAuthState();
    writeItem(OAUTH_STATE_STORAGE_KEY, state, 'session');
    try {
      leaveFor(await startGoogleSignIn(`${window.location.origin}/auth/callback`, state, invitationToken));
    } catch (error) {
      logger.error('Google sign-in could not start', error);
      toaster.error(problemMessage(error, 'Failed to initiate Google authentication'));
      setStarting(false);
    }
  };
  return (
    <Button type="button" size="3" variant="outline" color="gray" loading={starting} onClick={onClick}>
      <GoogleLogo />
      {label}
    </Button>
  );
}
