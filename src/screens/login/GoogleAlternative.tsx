import { useQuery } from '@tanstack/react-query';
import { Flex, Separator, Text } from '@radix-ui/themes';
import { fetchAuthProviders } from '../../api/auth';
import { GoogleSignInButton } from './GoogleSignInButton';
import type { GoogleSignInButtonProps } from './GoogleSignInButton';

/**
 * Google sign-in offered beside a password form, under an "or" rule, only when
 * `GET /v1/auth/providers` says Google is configured (SPEC.md section 2); nothing while
 * that loads or when it failed. Takes the button's label and invitation token.
 */
export function GoogleAlternative(props: GoogleSignInButtonProps) {
  const providers = useQuery({ queryKey: ['auth', 'providers'], queryFn: fetchAuthProviders, retry: false });
  if (!providers.data?.google) return null;
  return (
    <>
      <Flex align="center" gap="3">
        <Separator size="4" />
        <Text size="1" color="gray">
          or
        </Text>
        <Separator size="4" />
      </Flex>
      <GoogleSignInButton {...props} />
    </>
  );
}
