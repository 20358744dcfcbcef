import { Callout } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';

/** A form's failure that belongs to no single field (the server's problem message). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}
