import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Link, useSearch } from 'wouter';
import { useSession } from '../atoms/session.atoms';
import { resetPassword } from '../api/passwords';
import { AppLink } from './common/AppLink';
import { AuthPage } from './password/AuthPage';
import { FormAlert } from './common/FormAlert';
import { LinkProblem } from './password/LinkProblem';
import { NewPasswordFields } from './password/NewPasswordFields';
import { SignedInNotice } from './password/SignedInNotice';
import { linkToken } from './password/linkToken';
import { useNewPasswordForm } from './password/useNewPasswordForm';

const NO_TOKEN = 'This password reset link is incomplete: it carries no token. Open the link from the mail again, or ask for a new one.';

/**
 * /reset-password?token=… (issue 5), the mailed reset link: a new password under the ASVS
 * policy, sent with the token to `POST /v1/auth/password/reset`. The server's policy
 * detail shows under the field; a forged, expired or used link shows why, with a way to
 * ask for a new one. Success signs out every session, so the page leads to sign-in.
 */
export default function ResetPasswordScreen() {
  const token = linkToken(useSearch());
  const { authenticated } = useSession();
  const form = useNewPasswordForm();
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (token && (await form.submit(() => resetPassword(token, form.password), 'Failed to reset password'))) setDone(true);
  };

  const linkProblem = token ? form.linkError : NO_TOKEN;
  let body;
  if (authenticated) body = <SignedInNotice purpose="reset a password from this link" />;
  else if (linkProblem) body = <LinkProblem message={linkProblem} action="Request a new link" href="/forgot-password" />;
  else if (done) {
    body = (
      <Flex direction="column" gap="4">
        <Callout.Root color="green" role="status">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text weight="medium">Your password is changed</Callout.Text>
          <Callout.Text>Every session of your account was signed out. Sign in with the new password.</Callout.Text>
        </Callout.Root>
        <Button asChild size="3">
          <Link href="/login">Sign in</Link>
        </Button>
      </Flex>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <Flex direction="column" gap="4">
          <FormAlert message={form.failure} />
          <NewPasswordFields id="reset" {...form.fields} />
          <Button type="submit" size="3" loading={form.pending}>
            Set new password
          </Button>
        </Flex>
      </form>
    );
  }

  return (
    <AuthPage
      title="Choose a new password"
      subtitle="The link from your mail works once, for 1 hour."
      footer={
        <>
          Remembered it? <AppLink href="/login">Back to sign in</AppLink>
        </>
      }
    >
      {body}
    </AuthPage>
  );
}
