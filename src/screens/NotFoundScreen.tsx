import { Link, useLocation } from 'wouter';
import { Button, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useSession } from '../atoms/session.atoms';

/** Any path outside the route table (SPEC.md section 2), e.g. /help. */
export default function NotFoundScreen() {
  const [path] = useLocation();
  const { authenticated } = useSession();
  return (
    <Flex direction="column" align="center" justify="center" gap="3" p="6" style={{ minHeight: '60vh', textAlign: 'center' }}>
      <Text size="8" weight="bold" color="gray">
        404
      </Text>
      <Heading as="h1" size="6">
        Page not found
      </Heading>
      <Text size="2" color="gray">
        There is no page at <Code variant="ghost">{path}</Code>.
      </Text>
      <Button asChild mt="2">
        <Link href={authenticated ? '/dashboard' : '/login'}>{authenticated ? 'Go to Dashboard' : 'Go to sign in'}</Link>
      </Button>
    </Flex>
  );
}
