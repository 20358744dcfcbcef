import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Box, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { invitationsQueryOptions, membersQueryOptions, revokeInvitation } from '../../api/members';
import type { Invitation } from '../../api/members';
import { problemMessage } from '../../api/client';
import { useSession } from '../../atoms/session.atoms';
import { avatarFallback, displayName } from '../../layout/UserMenu';
import { toaster } from '../../lib/toaster';
import { useErrorToast } from '../../lib/useErrorToast';
import { LoadError } from '../common/LoadError';
import { TableSkeleton } from '../common/TableSkeleton';
import { InviteForm } from './InviteForm';
import { TableName } from '../common/TableName';

const day = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeInvitation(invitation.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey }),
    onError: (error) => toaster.error(problemMessage(error, 'Failed to revoke the invitation')),
  });
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>{invitation.email}</Table.RowHeaderCell>
      <Table.Cell>
        <Text color="gray">{invitation.invited_by ? `Invited by ${invitation.invited_by.name}` : 'Invited'} · expires {day(invitation.expires_at)}</Text>
      </Table.Cell>
      <Table.Cell justify="end">
        <Button size="1" variant="soft" color="red" loading={revoke.isPending} onClick={() => revoke.mutate()} aria-label={`Revoke the invitation of ${invitation.email}`}>
          Revoke
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/** A titled part of the card, a landmark named by its heading. */
function TeamSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box mt="5" asChild>
      <section aria-labelledby={id}>
        <Heading as="h3" size="2" mb="2" id={id}>
          {title}
        </Heading>
        {children}
      </section>
    </Box>
  );
}

/**
 * The organization's people (issue 5 "Inviting"): its members, its pending invitations
 * (revocable; they count against the plan's members limit) and the invite form.
 */
export function TeamCard() {
  const { user, organization } = useSession();
  const members = useQuery(membersQueryOptions());
  const invitations = useQuery(invitationsQueryOptions());
  const membersError = useErrorToast(members.error, 'Failed to load members');
  const invitationsError = useErrorToast(invitations.error, 'Failed to load invitations');

  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        Team
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Everyone in {organization?.name ?? 'your organization'} sees the same buildings, floors and devices.
      </Text>
      <InviteForm />
      <TeamSection id="team-members" title="Members">
        {membersError ? (
          <LoadError message={membersError} onRetry={() => void members.refetch()} />
        ) : !members.data ? (
          <TableSkeleton rows={2} />
        ) : (
          <Table.Root size="1">
            <TableName>Members</TableName>
            <Table.Body>
              {members.data.map((member) => (
                <Table.Row key={member.id} align="center">
                  <Table.RowHeaderCell>
                    <Flex align="center" gap="2">
                      <Avatar size="1" radius="full" src={member.picture ?? undefined} fallback={avatarFallback(member)} alt="" />
                      <Text weight="medium">{displayName(member)}</Text>
                      {member.id === user?.id && <Badge color="gray">You</Badge>}
                    </Flex>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <Text color="gray">{member.email}</Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </TeamSection>
      <TeamSection id="team-invitations" title="Pending invitations">
        {invitationsError ? (
          <LoadError message={invitationsError} onRetry={() => void invitations.refetch()} />
        ) : !invitations.data ? (
          <TableSkeleton rows={1} />
        ) : invitations.data.length === 0 ? (
          <Text size="2" color="gray">
            No pending invitations.
          </Text>
        ) : (
          <Table.Root size="1">
            <TableName>Pending invitations</TableName>
            <Table.Body>
              {invitations.data.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </TeamSection>
    </Card>
  );
}
