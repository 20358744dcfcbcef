import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button, Flex, Skeleton, Strong, TextField } from '@radix-ui/themes';
import { useAuthActor, useSession } from '../atoms/session.atoms';
import { setupPassword, type InvitationPreview } from '../api/passwords';
import { AppLink } from './common/AppLink';
import { TextInputField } from './common/TextInputField';
import { GoogleAlternative } from './login/GoogleAlternative';
import { AuthPage } from './password/AuthPage';
import { FormAlert } from './common/FormAlert';
import { LinkProblem } from './password/LinkProblem';
import { NewPasswordFields } from './password/NewPasswordFields';
import { SignedInNotice } from './password/SignedInNotice';
import { linkToken } from './password/linkToken';
import { useInvitationPreview } from './password/useInvitationPreview';
import { useNewPasswordForm } from './password/useNewPasswordForm';
import { FormField } from './common/FormField';

const NO_TOKEN = 'This invitation link is incomplete: it carries no token. Open the link from the invitation mail again.';

/**
 * /setup-password?token=… (issue 5 "Inviting"), the invitation link: the invited
 * colleague picks a name and a password (ASVS policy) and `POST /v1/auth/password/setup`
 * creates the account in the inviting organization and answers a session, which signs
 * them in and opens the dashboard. Google sign-in is offered beside it when configured,
 * carrying the link's token: the server joins that invitation's organization, or answers
 * 409 when the Google account is not the invited one (never a new organization).
 */
export default function SetupPasswordScreen() {
  const token = linkToken(useSearch());
  const { authenticated } = useSession();
  const auth = useAuthActor();
  const [, navigate] = useLocation();
  const form = useNewPasswordForm();
  const [name, setName] = useState('');
  const invitation = useInvitationPreview(authenticated ? null : token);
  const preview = invitation.preview;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    const signIn = async () => {
      const session = await setupPassword(token, form.password, name.trim() || undefined);
      auth.send({ type: 'auth.session', session });
    };
    if (await form.submit(signIn, 'Failed to set up your account')) navigate('/dashboard', { replace: true });
  };

  const linkProblem = token ? (form.linkError ?? invitation.linkError) : NO_TOKEN;
  let body;
  if (authenticated) body = <SignedInNotice purpose="accept this invitation with its own account" />;
  else if (linkProblem) body = <LinkProblem message={linkProblem} action="Go to sign in" href="/login" />;
  else {
    body = (
      <Flex direction="column" gap="4">
        <form onSubmit={onSubmit} noValidate aria-label="Set up your account">
          <Flex direction="column" gap="4">
            <FormAlert message={form.failure} />
            {preview && (
              <FormField id="setup-email" label="Email" hint="You will sign in with this email.">
                <TextField.Root id="setup-email" value={preview.email} readOnly autoComplete="username" />
              </FormField>
            )}
            <TextInputField
              id="setup-name"
              label="Your name"
              autoComplete="name"
              value={name}
              onChange={(value) => {
                setName(value);
                form.clear('name');
              }}
              error={form.errors.name}
              hint="Shown to your colleagues. Leave it empty to use the first part of your email."
            />
            <NewPasswordFields id="setup" label="Password" {...form.fields} />
            <Button type="submit" size="3" loading={form.pending}>
              Create account and sign in
            </Button>
          </Flex>
        </form>
        <GoogleAlternative invitationToken={token ?? undefined} />
      </Flex>
    );
  }

  return (
    <AuthPage
      title={preview ? `Join ${preview.organization.name} on Floorwatch` : 'Join your team on Floorwatch'}
      subtitle={<InvitationSubtitle loading={invitation.loading} preview={preview} />}
      footer={
        <>
          Already have an account? <AppLink href="/login">Sign in</AppLink>
        </>
      }
    >
      {body}
    </AuthPage>
  );
}

/** Who invited whom to what, once the link is read; the generic line when it cannot be. */
function InvitationSubtitle({ loading, preview }: { loading: boolean; preview: InvitationPreview | null }) {
  if (loading) return <Skeleton>You were invited to an organization. Choose a password to create your account.</Skeleton>;
  if (!preview) return <>You were invited to an organization. Choose a password to create your account.</>;
  return (
    <>
      {preview.invited_by ? <Strong>{preview.invited_by.name}</Strong> : 'A member'} invited you to <Strong>{preview.organization.name}</Strong>. Choose a
      password to create your account.
    </>
  );
}
