import { useState } from 'react';
import { problemFieldErrors } from '../../api/problemFields';
import { problemMessage } from '../../api/client';
import { checkNewPassword } from '../../lib/passwordPolicy';

/** Field names the mailed-link forms show errors for. */
export type LinkFormField = 'password' | 'confirmation' | 'name';

/**
 * The state of a form that sets a password from a mailed link: the fields, their inline
 * errors, a form-level failure, and `linkError` once the server refused the link itself
 * (its `token` field: forged, expired or used), after which the form has no use.
 */
export function useNewPasswordForm() {
  const [password, setPasswordValue] = useState('');
  const [confirmation, setConfirmationValue] = useState('');
  const [errors, setErrors] = useState<Partial<Record<LinkFormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const clear = (field: LinkFormField) => setErrors((e) => ({ ...e, [field]: undefined }));

  /**
   * Checks the policy, then runs `send`; a refusal lands on the field the server named,
   * on the link, or in the form's alert (detail, then title, then `fallback`).
   * @returns true when `send` resolved
   */
  const submit = async (send: () => Promise<unknown>, fallback: string): Promise<boolean> => {
    const found = checkNewPassword(password, confirmation);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return false;
    setPending(true);
    try {
      await send();
      return true;
    } catch (error) {
      const fields = problemFieldErrors(error);
      if (fields.token) setLinkError(fields.token);
      else if (fields.password || fields.name) setErrors({ password: fields.password, name: fields.name });
      else setFailure(problemMessage(error, fallback));
      return false;
    } finally {
      setPending(false);
    }
  };

  const setPassword = (value: string) => {
    setPasswordValue(value);
    clear('password');
  };
  const setConfirmation = (value: string) => {
    setConfirmationValue(value);
    clear('confirmation');
  };

  return {
    password,
    confirmation,
    /** The props NewPasswordFields takes from this form (values, setters, inline errors). */
    fields: {
      password,
      confirmation,
      onPassword: setPassword,
      onConfirmation: setConfirmation,
      passwordError: errors.password,
      confirmationError: errors.confirmation,
    },
    errors,
    clear,
    failure,
    linkError,
    pending,
    submit,
  };
}
