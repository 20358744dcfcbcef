import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, Heading, Text } from '@radix-ui/themes';
import { invitationsQueryOptions, membersQueryOptions } from '../../api/members';
import { useSession } from '../../atoms/session.atoms';
import { lazyOnIdle, usePreload } from '../../lib/lazyOnIdle';
import { useErrorToast } from '../../lib/useErrorToast';
import { LoadError } from '../common/LoadError';
import { TableSkeleton } from '../common/TableSkeleton';
import { InviteForm } from './InviteForm';

/**
 * The two tables (Radix Themes' table and scroll area) load once the card has painted,
 * alongside their data (issue 5 "Weight of the pages"); the skeletons stay until they are in.
 */
const MembersTable = lazyOnIdle(() => import('./TeamTables').then((m) => m.MembersTable), () => true, <TableSkeleton rows={2} />);
const InvitationsTable = lazyOnIdle(() => import('./TeamTables').then((m) => m.InvitationsTable), () => true, <TableSkeleton rows={1} />);

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
  usePreload(MembersTable, InvitationsTable);

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
          <MembersTable members={members.data} userId={user?.id ?? null} />
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
          <InvitationsTable invitations={invitations.data} />
        )}
      </TeamSection>
    </Card>
  );
}
