import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { invitationsQueryOptions, revokeInvitation } from '../../api/members';
import type { Invitation, Member } from '../../api/members';
import { problemMessage } from '../../api/client';
import { avatarFallback, displayName } from '../../layout/userNames';
import { toaster } from '../../lib/toaster';
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

/** The organization's members (`TeamCard`), the signed-in user marked "You". */
export function MembersTable({ members, userId }: { members: readonly Member[]; userId: string | null }) {
  return (
    <Table.Root size="1">
      <TableName>Members</TableName>
      <Table.Body>
        {members.map((member) => (
          <Table.Row key={member.id} align="center">
            <Table.RowHeaderCell>
              <Flex align="center" gap="2">
                <Avatar size="1" radius="full" src={member.picture ?? undefined} fallback={avatarFallback(member)} alt="" />
                <Text weight="medium">{displayName(member)}</Text>
                {member.id === userId && <Badge color="gray">You</Badge>}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>
              <Text color="gray">{member.email}</Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The pending invitations (`TeamCard`), each revocable. */
export function InvitationsTable({ invitations }: { invitations: readonly Invitation[] }) {
  return (
    <Table.Root size="1">
      <TableName>Pending invitations</TableName>
      <Table.Body>
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </Table.Body>
    </Table.Root>
  );
}
