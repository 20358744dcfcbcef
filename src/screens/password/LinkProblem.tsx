import type { ReactNode } from 'react';
import { Button, Flex } from '@radix-ui/themes';
import { Link } from 'wouter';
import { FormAlert } from '../common/FormAlert';

/**
 * A mailed link that cannot be used (missing, forged, expired or already used token):
 * the server's explanation and the one way forward, as a button.
 */
export function LinkProblem({ message, action, href }: { message: ReactNode; action: string; href: string }) {
  return (
    <Flex direction="column" gap="4">
      <FormAlert message={message} size="2" />
      <Button asChild size="3">
        <Link href={href}>{action}</Link>
      </Button>
    </Flex>
  );
}
