import { useAtomValue } from 'jotai';
import { Callout, Card, Flex, Heading, Separator, Skeleton, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { problemMessage } from '../../api/client';
import { vortexCredentialsAtom } from '../../atoms/vortex.atoms';
import { VortexConnectionChecks } from './VortexConnectionChecks';
import { VortexCredentialsForm } from './VortexCredentialsForm';
import { VortexTemplate } from './VortexTemplate';
import { VortexWebhookDetails } from './VortexWebhookDetails';

/**
 * Settings, "VORTEX connection" (the live-events issue; SPEC.md section 7 "Vortex"):
 * the base URL and API key, the connection test and device sync, and what the VORTEX
 * portal's webhook profile needs (URL, secret, JSON template).
 */
export function VortexConnectionCard() {
  const credentials = useAtomValue(vortexCredentialsAtom);
  // A saved connection whose secrets no longer decrypt answers 422: the form stays, to save them again.
  const saved = credentials.data ?? null;

  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        VORTEX connection
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Connect your VIVOTEK VORTEX account to sync devices and receive live events.
      </Text>
      {credentials.isPending ? (
        <Flex direction="column" gap="3" aria-label="Loading VORTEX connection">
          <Skeleton height="56px" />
          <Skeleton height="56px" />
        </Flex>
      ) : (
        <Flex direction="column" gap="4">
          {credentials.isError && (
            <Callout.Root color="red" role="alert">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>{problemMessage(credentials.error, 'Failed to load VORTEX credentials')}</Callout.Text>
            </Callout.Root>
          )}
          <VortexCredentialsForm saved={saved} />
          <VortexConnectionChecks saved={saved} />
          {saved && (
            <>
              <Separator size="4" />
              <VortexWebhookDetails saved={saved} />
              <VortexTemplate />
            </>
          )}
        </Flex>
      )}
    </Card>
  );
}
