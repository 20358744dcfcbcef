import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';

/** Inline notice for a load that failed, with a retry; the toast carries the same message. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex align="center" justify="between" gap="3" width="100%">
        <Callout.Text>{message}</Callout.Text>
        <Button size="1" variant="soft" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Flex>
    </Callout.Root>
  );
}
