import type { ReactNode } from 'react';
import { Callout } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';

/**
 * A form's failure that belongs to no single field (the server's problem message), as a
 * red alert callout; nothing while `message` is empty. `size` '2' for a page's only message.
 */
export function FormAlert({ message, size = '1' }: { message: ReactNode; size?: '1' | '2' }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert" size={size}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}
