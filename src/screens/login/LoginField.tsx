import { Flex, Text, TextField } from '@radix-ui/themes';

export interface LoginFieldProps {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input, which is then marked invalid. */
  error?: string;
}

/** A labelled input with its inline error. */
export function LoginField({ id, label, type, autoComplete, value, onChange, error }: LoginFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        type={type}
        size="3"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        color={error ? 'red' : undefined}
        variant={error ? 'soft' : 'surface'}
      />
      {error && (
        <Text id={errorId} size="1" color="red">
          {error}
        </Text>
      )}
    </Flex>
  );
}
