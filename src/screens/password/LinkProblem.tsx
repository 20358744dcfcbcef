import type { ReactNode } from 'react';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Link } from 'wouter';

/**
 * A mailed link that cannot be used (missing, forged, expired or already used token):
 * the server's explanation and the one way forward, as a button.
 */
export function LinkProblem({ message, action, href }: { message: ReactNode; action: string; href: string }) {
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Button asChild size="3">
        <Link href={href}>{action}</Link>
      </Button>
    </Flex>
  );
}
