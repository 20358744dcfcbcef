import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Flex, Text } from '@radix-ui/themes';
import { problemMessage } from '../../api/client';
import type { VortexCredentials } from '../../api/vortex';
import { saveVortexCredentialsAtom } from '../../atoms/vortex.atoms';
import { useCheckedForm } from '../../lib/useCheckedForm';
import { TextInputField } from '../common/TextInputField';
import { initialVortexValues, validateVortexForm } from './vortexFormValues';
import type { VortexFormValues } from './vortexFormValues';

/**
 * The VORTEX base URL and API key. Saving does not contact VORTEX; a saved key is never
 * shown again, only its last 4 characters, and a blank key field keeps it. Field errors
 * and the server's problem detail show inline.
 */
export function VortexCredentialsForm({ saved }: { saved: VortexCredentials | null }) {
  const save = useAtomValue(saveVortexCredentialsAtom);
  const { reset } = save;
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => reset, [reset]);

  const { values, errors, set, submit } = useCheckedForm(
    () => initialVortexValues(saved),
    (v: VortexFormValues) => validateVortexForm(v, saved !== null),
    (input) => {
      setJustSaved(false);
      save.mutate(input, {
        onSuccess: () => {
          set('apiKey', '');
          setJustSaved(true);
        },
      });
    },
  );
  const edit = (key: keyof VortexFormValues, value: string) => {
    set(key, value);
    setJustSaved(false);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="VORTEX credentials">
      <Flex direction="column" gap="3">
        <TextInputField
          id="vortex-base-url"
          label="Base URL"
          type="url"
          autoComplete="url"
          required
          placeholder="https://vortex.example.com"
          hint="Where Floorwatch reaches your VORTEX adapter (http or https)."
          error={errors.baseUrl}
          value={values.baseUrl}
          onChange={(v) => edit('baseUrl', v)}
        />
        <TextInputField
          id="vortex-api-key"
          label="API key"
          type="password"
          autoComplete="off"
          required={saved === null}
          placeholder={saved ? `•••• •••• ${saved.api_key_last4}` : 'Paste the API key'}
          hint={saved ? `Saved key ends in ${saved.api_key_last4}. Leave blank to keep it.` : 'Stored encrypted; never shown again.'}
          error={errors.apiKey}
          value={values.apiKey}
          onChange={(v) => edit('apiKey', v)}
        />
        <Flex align="center" gap="3" wrap="wrap">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          {save.isError && (
            <Text size="2" color="red" role="alert">
              {problemMessage(save.error, 'Failed to save VORTEX credentials')}
            </Text>
          )}
          {justSaved && save.isSuccess && (
            <Text size="2" color="green" role="status">
              Saved.
            </Text>
          )}
        </Flex>
      </Flex>
    </form>
  );
}
