import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Callout, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { useSession } from '../atoms/session.atoms';
import { requestPasswordReset } from '../api/passwords';
import { problemMessage } from '../api/client';
import { AppLink } from './common/AppLink';
import { TextInputField } from './common/TextInputField';
import { emailError } from './login/validateLogin';
import { AuthPage } from './password/AuthPage';
import { FormAlert } from './common/FormAlert';
import { SignedInNotice } from './password/SignedInNotice';
import './password/password.css';

/** Shown after every accepted request, whether or not the email has an account. */
const SENT = 'If an account uses this email, a password reset link is on its way. It works once, for 1 hour.';

/**
 * /forgot-password (issue 5): asks `POST /v1/auth/password/reset-request` to mail a reset
 * link. The confirmation is the same for every email, so the page never tells whether an
 * account exists; only a malformed email or the rate limit is reported.
 */
export default function ForgotPasswordScreen() {
  const { authenticated } = useSession();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailError(email);
    setFieldError(invalid);
    setFailure(null);
    if (invalid) return;
    setPending(true);
    try {
      const message = await requestPasswordReset(email.trim());
      setSent({ email: email.trim(), message: message || SENT });
    } catch (error) {
      setFailure(problemMessage(error, 'Failed to request a password reset'));
    } finally {
      setPending(false);
    }
  };

  const footer = (
    <>
      Remembered it? <AppLink href="/login">Back to sign in</AppLink>
    </>
  );

  if (authenticated) {
    return (
      <AuthPage title="Reset your password" subtitle="We mail you a link to choose a new one." footer={footer}>
        <SignedInNotice purpose="reset the password of another account" />
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Reset your password" subtitle="Enter your account's email and we mail you a link to choose a new password." footer={footer}>
      {sent ? (
        <Flex direction="column" gap="4">
          <Callout.Root color="green" role="status">
            <Callout.Icon>
              <EnvelopeClosedIcon />
            </Callout.Icon>
            <Callout.Text weight="medium">Check your email</Callout.Text>
            <Callout.Text>{sent.message}</Callout.Text>
          </Callout.Root>
          <Text size="2" color="gray">
            Sent for <strong>{sent.email}</strong>. Nothing arrived after a few minutes? Check the spam folder, or{' '}
            <RadixLink asChild weight="medium">
              <button type="button" className="fw-link-button" onClick={() => setSent(null)}>
                ask again
              </button>
            </RadixLink>
            .
          </Text>
        </Flex>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Request a password reset">
          <Flex direction="column" gap="4">
            <FormAlert message={failure} />
            <TextInputField id="reset-email" label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} error={fieldError} autoFocus />
            <Button type="submit" size="3" loading={pending}>
              Send reset link
            </Button>
          </Flex>
        </form>
      )}
    </AuthPage>
  );
}
