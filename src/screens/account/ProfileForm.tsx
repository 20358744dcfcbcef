import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Avatar, Button, Flex, Text } from '@radix-ui/themes';
import { useAuthActor, useSession } from '../../atoms/session.atoms';
import { problemMessage } from '../../api/client';
import { problemFieldErrors } from '../../api/problemFields';
import { updateProfile } from '../../api/profile';
import type { ProfileChanges } from '../../api/profile';
import { avatarFallback } from '../../layout/UserMenu';
import { toaster } from '../../lib/toaster';
import { TextInputField } from '../common/TextInputField';
import { FormAlert } from '../common/FormAlert';
import { checkProfile, isHttpsUrl, profileValues } from './profileValues';
import type { ProfileErrors, ProfileValues } from './profileValues';

/**
 * Name and picture (an https image address, as the server accepts) through the profile
 * update call, `PATCH /v1/auth/profile`. The avatar previews the typed address; only
 * changed fields are sent; the answer replaces the session's user (sidebar, menu). A
 * refusal shows under its field, anything else as 'Failed to update profile' (SPEC.md
 * section 8) or the server's detail.
 */
export function ProfileForm() {
  const { user } = useSession();
  const auth = useAuthActor();
  const [values, setValues] = useState<ProfileValues>(() => profileValues(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const update = useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(changes),
    onSuccess: (profile) => {
      auth.send({ type: 'auth.profile', profile });
      setValues(profileValues(profile.user));
      toaster.success('Profile updated');
    },
    onError: (error) => {
      const fields = problemFieldErrors(error);
      setErrors({ name: fields.name, picture: fields.picture });
    },
  });

  const checked = checkProfile(values, user);
  const unchanged = 'changes' in checked && Object.keys(checked.changes).length === 0;
  const set = (key: keyof ProfileValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if ('errors' in checked) setErrors(checked.errors);
    else if (!unchanged) update.mutate(checked.changes);
  };

  const fieldFailure = update.error && Object.keys(problemFieldErrors(update.error)).length > 0;
  const preview = isHttpsUrl(values.picture.trim()) ? values.picture.trim() : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile">
      <Flex direction="column" gap="4">
        <FormAlert message={update.error && !fieldFailure ? problemMessage(update.error, 'Failed to update profile') : null} />
        <Flex align="center" gap="4">
          <Avatar size="6" radius="full" src={preview} fallback={avatarFallback({ name: values.name })} alt="" />
          <Text size="2" color="gray">
            {user?.email}
          </Text>
        </Flex>
        <TextInputField id="profile-name" label="Name" autoComplete="name" value={values.name} onChange={(v) => set('name', v)} error={errors.name} />
        <TextInputField
          id="profile-picture"
          label="Picture"
          type="url"
          autoComplete="photo"
          placeholder="https://…"
          value={values.picture}
          onChange={(v) => set('picture', v)}
          error={errors.picture}
          hint="The https address of a square image. Leave it empty to show your initial instead."
        />
        <Flex justify="end">
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            Save profile
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
