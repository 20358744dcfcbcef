import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { inviteMember, invitationsQueryOptions } from '../../api/members';
import { problemMessage } from '../../api/client';
import { toaster } from '../../lib/toaster';
import { emailError } from '../login/validateLogin';
import { errorId, fieldA11y } from '../common/FormField';

/**
 * Invites a colleague by email (`POST /v1/invitations`; the server mails the setup link).
 * The server's refusal shows under the field as it says it: already a member, an account
 * in another organization, the plan's members limit (409), or a mail that could not go.
 */
export function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const invite = useMutation({
    mutationFn: inviteMember,
    onSuccess: (invitation) => {
      setEmail('');
      toaster.success('Invitation sent', `${invitation.email} gets a link to join, valid 7 days.`);
      return queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey });
    },
    onError: (failure) => setError(problemMessage(failure, 'Failed to send the invitation')),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    if (!invalid) invite.mutate(email.trim());
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invitation">
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor="invite-email" size="2" weight="medium">
          Invite a colleague
        </Text>
        <Flex gap="2" align="start" wrap="wrap">
          <TextField.Root
            {...fieldA11y('invite-email', error)}
            type="email"
            autoComplete="off"
            placeholder="colleague@example.com"
            value={email}
            color={error ? 'red' : undefined}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(undefined);
            }}
            style={{ flex: '1 1 16rem' }}
          >
            <TextField.Slot>
              <EnvelopeClosedIcon />
            </TextField.Slot>
          </TextField.Root>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Flex>
        {error ? (
          <Text id={errorId('invite-email')} size="1" color="red" role="alert">
            {error}
          </Text>
        ) : (
          <Text size="1" color="gray">
            They get a mail with a link to join this organization, valid for 7 days.
          </Text>
        )}
      </Flex>
    </form>
  );
}
