import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { changePassword } from '../../api/passwords';
import { problemMessage } from '../../api/client';
import { problemFieldErrors } from '../../api/problemFields';
import { checkNewPassword } from '../../lib/passwordPolicy';
import { TextInputField } from '../common/TextInputField';
import { FormAlert } from '../common/FormAlert';
import { NewPasswordFields } from '../password/NewPasswordFields';

type Field = 'current' | 'password' | 'confirmation';
const EMPTY: Record<Field, string> = { current: '', password: '', confirmation: '' };

/**
 * The password change (issue 5): the current password and a new one under the ASVS
 * policy, sent to `POST /v1/auth/password/change`, which keeps this session and signs out
 * the others. The server's refusal shows under the field it names.
 */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useMutation({
    mutationFn: ({ current, password }: { current: string; password: string }) => changePassword(current, password),
    onSuccess: () => setValues(EMPTY),
    onError: (error) => {
      const fields = problemFieldErrors(error);
      setErrors({ current: fields.current_password, password: fields.new_password });
    },
  });

  const set = (key: Field) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    if (change.isSuccess) change.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = checkNewPassword(values.password, values.confirmation);
    if (values.current === '') found.current = 'Enter your current password';
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate({ current: values.current, password: values.password });
  };

  const fieldFailure = change.error && Object.keys(problemFieldErrors(change.error)).some((f) => f === 'current_password' || f === 'new_password');

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Flex direction="column" gap="4">
        <FormAlert message={change.error && !fieldFailure ? problemMessage(change.error, 'Failed to change password') : null} />
        {change.isSuccess && (
          <Callout.Root color="green" role="status" size="1">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>Password changed. Your other sessions were signed out; this one stays signed in.</Callout.Text>
          </Callout.Root>
        )}
        <TextInputField
          id="change-current"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
          error={errors.current}
        />
        <NewPasswordFields
          id="change"
          password={values.password}
          confirmation={values.confirmation}
          onPassword={set('password')}
          onConfirmation={set('confirmation')}
          passwordError={errors.password}
          confirmationError={errors.confirmation}
        />
        <Flex justify="end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
