import { TextInputField } from '../common/TextInputField';
import { PASSWORD_RULE } from '../../lib/passwordPolicy';

export interface NewPasswordFieldsProps {
  /** Prefix of the two inputs' ids. */
  id: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  /** The policy's (or the server's) message for the password, shown instead of the rule. */
  passwordError?: string;
  confirmationError?: string;
  /** Label of the first field; 'New password' by default. */
  label?: string;
}

/**
 * A new password and its confirmation, with the ASVS rule (lib/passwordPolicy.ts) under
 * the first until an error replaces it. Browsers' password managers see `new-password`.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { id, label = 'New password' } = props;
  return (
    <>
      <TextInputField
        id={`${id}-password`}
        label={label}
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPassword}
        error={props.passwordError}
        hint={PASSWORD_RULE}
      />
      <TextInputField
        id={`${id}-confirmation`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={props.onConfirmation}
        error={props.confirmationError}
      />
    </>
  );
}
