import { useState } from 'react';
import type { FormEvent } from 'react';
import { waitFor } from 'xstate';
import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { ViewGridIcon } from '@radix-ui/react-icons';
import { useAuthActor, useSession } from '../atoms/session.atoms';
import { toaster } from '../lib/toaster';
import { AppLink } from './common/AppLink';
import { FormAlert } from './common/FormAlert';
import { GoogleAlternative } from './login/GoogleAlternative';
import { LoginField } from './login/LoginField';
import { validateLogin } from './login/validateLogin';
import type { LoginFieldErrors } from './login/validateLogin';

/**
 * Sign-in (SPEC.md section 2): email and password with inline field errors and the
 * server's problem message; Google only when `GET /v1/auth/providers` says so. Once
 * signed in, the route guard moves on to the `redirect` target or /dashboard.
 */
export default function LoginScreen() {
  const auth = useAuthActor();
  const { busy, error } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateLogin(email, password);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    auth.send({ type: 'auth.signIn', email: email.trim(), password });
    const settled = await waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
    const failure = settled.context.error;
    if (failure) {
      setFieldErrors(failure.fields ?? {});
      toaster.error(failure.message);
    }
  };

  const serverMessage = !busy && error ? error.message : null;

  return (
    <Flex align="center" justify="center" p="4" style={{ minHeight: '100vh', background: 'var(--gray-2)' }}>
      <Box width="100%" maxWidth="400px">
        <Flex direction="column" align="center" gap="2" mb="5">
          <div className="fw-sidebar-logo" aria-hidden style={{ width: 40, height: 40 }}>
            <ViewGridIcon width={20} height={20} />
          </div>
          <Heading as="h1" size="6">
            Sign in to Floorwatch
          </Heading>
          <Text size="2" color="gray">
            Floor plans, cameras and live events in one place.
          </Text>
        </Flex>
        <Card size="4">
          <form onSubmit={onSubmit} noValidate aria-label="Sign in">
            <Flex direction="column" gap="4">
              <FormAlert message={serverMessage} />
              <LoginField id="login-email" label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} error={fieldErrors.email} />
              <LoginField
                id="login-password"
                label="Password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
                error={fieldErrors.password}
              />
              <Text size="2" align="right" mt="-2">
                <AppLink href="/forgot-password">Forgot password?</AppLink>
              </Text>
              <Button type="submit" size="3" loading={busy}>
                Sign in
              </Button>
              <GoogleAlternative label="Sign in with Google" />
            </Flex>
          </form>
        </Card>
      </Box>
    </Flex>
  );
}
