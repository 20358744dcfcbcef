import type { ReactNode } from 'react';
import { Flex, Text } from '@radix-ui/themes';

/** Id of a field's error text, for the control's `aria-describedby`. */
export const errorId = (fieldId: string) => `${fieldId}-error`;

/** Props a control needs so assistive tech reads its error. */
export function fieldA11y(fieldId: string, error: string | undefined) {
  return {
    id: fieldId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(fieldId) : undefined,
  } as const;
}

/** A labelled form row with its inline error (shown in red under the control). */
export function FormField({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required && (
          <Text color="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {children}
      {error ? (
        <Text id={errorId(id)} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : (
        hint && (
          <Text size="1" color="gray">
            {hint}
          </Text>
        )
      )}
    </Flex>
  );
}
