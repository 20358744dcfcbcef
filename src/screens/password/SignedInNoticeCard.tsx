import { Button, Callout, Flex } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useAuthActor, useSession } from '../../atoms/session.atoms';
import { displayName } from '../../layout/userNames';

/**
 * A mailed link opened while someone is signed in: the link is for an account of its own,
 * so the page says who is signed in and offers to sign out first (the page stays).
 */
export default function SignedInNoticeCard({ purpose }: { purpose: string }) {
  const { user } = useSession();
  const auth = useAuthActor();
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="blue" role="status">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          You are signed in as {user?.email ?? displayName(user)}. Sign out first to {purpose}.
        </Callout.Text>
      </Callout.Root>
      <Button size="3" onClick={() => auth.send({ type: 'auth.signOut' })}>
        Sign out and continue
      </Button>
    </Flex>
  );
}
