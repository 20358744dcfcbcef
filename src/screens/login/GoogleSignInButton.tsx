import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { OAUTH_STATE_STORAGE_KEY, createOAuthState, startGoogleSignIn } from '../../api/auth';
import { problemMessage } from '../../api/client';
import { writeItem } from '../../lib/storage';
import { toaster } from '../../lib/toaster';
import { logger } from '../../lib/logger';

/**
 * Starts Google sign-in: saves a fresh state in sessionStorage, asks the server for the
 * authorization URL and leaves for it; /auth/callback checks the state on return.
 */
export function GoogleSignInButton() {
  const [starting, setStarting] = useState(false);
  const onClick = async () => {
    setStarting(true);
    const state = createOAuthState();
    writeItem(OAUTH_STATE_STORAGE_KEY, state, 'session');
    try {
      const url = await startGoogleSignIn(`${window.location.origin}/auth/callback`, state);
      window.location.assign(url);
    } catch (error) {
      logger.error('Google sign-in could not start', error);
      toaster.error(problemMessage(error, 'Failed to initiate Google authentication'));
      setStarting(false);
    }
  };
  return (
    <Button type="button" size="3" variant="outline" color="gray" loading={starting} onClick={onClick}>
      Continue with Google
    </Button>
  );
}
