import { TextField } from '@radix-ui/themes';
import { FormField, fieldA11y } from './FormField';

/**
 * A labelled text input with its inline error: red border, `aria-invalid` and the error
 * read by assistive tech. `onChange` gets the new text.
 */
export function TextInputField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  placeholder,
  inputMode,
  autoFocus,
  type,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  autoFocus?: boolean;
  /** 'password' hides what is typed (API keys); 'text' by default. */
  type?: 'text' | 'password' | 'url' | 'email';
  autoComplete?: string;
}) {
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      <TextField.Root
        {...fieldA11y(id, error)}
        color={error ? 'red' : undefined}
        inputMode={inputMode}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autoFocus={autoFocus}
      />
    </FormField>
  );
}
