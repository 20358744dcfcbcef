import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useAuthActor } from '../atoms/session.atoms';
import { OAUTH_STATE_STORAGE_KEY, completeOAuthCallback } from '../api/auth';
import { problemMessage } from '../api/client';
import { readItem, removeItem } from '../lib/storage';
import { toaster } from '../lib/toaster';
import { logger } from '../lib/logger';
import { ScreenSpinner } from '../router/ScreenSpinner';

/**
 * The OAuth return (SPEC.md sections 2, 4, 5): the returned `state` must equal the one
 * saved in sessionStorage, else 'Invalid state parameter'; then `POST /v1/auth/callback`
 * with the returned parameters signs the user in, and the guard moves on to /dashboard.
 */
export default function AuthCallbackScreen() {
  const auth = useAuthActor();
  const search = useSearch();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The callback's code is single-use: never post it twice (StrictMode re-runs effects).
    if (started.current) return;
    started.current = true;
    const params = Object.fromEntries(new URLSearchParams(search));
    const expected = readItem(OAUTH_STATE_STORAGE_KEY, 'session');
    removeItem(OAUTH_STATE_STORAGE_KEY, 'session');
    const fail = (message: string) => {
      setFailure(message);
      toaster.error(message);
    };
    if (!params.state || params.state !== expected) {
      fail('Invalid state parameter');
      return;
    }
    completeOAuthCallback(params)
      .then((session) => auth.send({ type: 'auth.session', session }))
      .catch((error: unknown) => {
        logger.error('OAuth callback failed', error);
        fail(problemMessage(error, 'Authentication failed'));
      });
  }, [auth, search]);

  if (!failure) return <ScreenSpinner label="Signing you in" />;
  return (
    <Flex align="center" justify="center" p="4" style={{ minHeight: '100vh' }}>
      <Callout.Root color="red" role="alert" style={{ maxWidth: 420 }}>
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text weight="medium">Sign-in did not complete</Callout.Text>
        <Callout.Text>{failure}</Callout.Text>
        <Flex mt="2">
          <Button asChild variant="soft">
            <Link href="/login">Back to sign in</Link>
          </Button>
        </Flex>
      </Callout.Root>
    </Flex>
  );
}
