import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { AlertDialog, Box, Button, Code, Flex, IconButton, Text } from '@radix-ui/themes';
import { EyeClosedIcon, EyeOpenIcon, UpdateIcon } from '@radix-ui/react-icons';
import { problemMessage } from '../../api/client';
import type { VortexCredentials } from '../../api/vortex';
import { rotateVortexSecretAtom } from '../../atoms/vortex.atoms';
import { CopyButton } from '../common/CopyButton';
import { VORTEX_WEBHOOK_SECRET_HEADER } from './vortexWebhookTemplate';

const MASK = '•'.repeat(24);

/** One labelled value with its copy button. */
function CopyRow({ label, children, copyText, copyLabel }: { label: string; children: ReactNode; copyText: string; copyLabel: string }) {
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        {label}
      </Text>
      <Flex align="center" gap="2" wrap="wrap">
        <Box minWidth="0" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Box>
        <CopyButton text={copyText} label={copyLabel} />
      </Flex>
    </Flex>
  );
}

/**
 * What to paste into the VORTEX portal's webhook profile: the webhook URL and the secret
 * VORTEX must send as the `X-Webhook-Secret` header (masked until revealed), each with a
 * copy button, and Rotate secret behind a confirmation, since VORTEX's profile must then
 * be updated before its events are accepted again.
 */
export function VortexWebhookDetails({ saved }: { saved: VortexCredentials }) {
  const rotate = useAtomValue(rotateVortexSecretAtom);
  const { reset } = rotate;
  const [revealed, setRevealed] = useState(false);
  useEffect(() => reset, [reset]);

  return (
    <Flex direction="column" gap="3">
      <CopyRow label="Webhook URL" copyText={saved.webhook_url} copyLabel="Copy webhook URL">
        <Code variant="ghost" data-testid="webhook-url">
          {saved.webhook_url}
        </Code>
      </CopyRow>
      <CopyRow label={`Webhook secret (header ${VORTEX_WEBHOOK_SECRET_HEADER})`} copyText={saved.webhook_secret} copyLabel="Copy webhook secret">
        <Flex align="center" gap="2">
          <Code variant="ghost" data-testid="webhook-secret">
            {revealed ? saved.webhook_secret : MASK}
          </Code>
          <IconButton
            type="button"
            size="1"
            variant="ghost"
            color="gray"
            aria-label={revealed ? 'Hide webhook secret' : 'Show webhook secret'}
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <EyeClosedIcon /> : <EyeOpenIcon />}
          </IconButton>
        </Flex>
      </CopyRow>
      <Flex align="center" gap="3" wrap="wrap">
        <AlertDialog.Root>
          <AlertDialog.Trigger>
            <Button type="button" variant="soft" color="orange" loading={rotate.isPending}>
              <UpdateIcon /> Rotate secret
            </Button>
          </AlertDialog.Trigger>
          <AlertDialog.Content maxWidth="460px">
            <AlertDialog.Title>Rotate the webhook secret?</AlertDialog.Title>
            <AlertDialog.Description size="2">
              Floorwatch will refuse VORTEX’s events until you paste the new secret into the {VORTEX_WEBHOOK_SECRET_HEADER} header
              of the webhook profile in the VORTEX portal.
            </AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray">
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button color="orange" onClick={() => rotate.mutate(saved.base_url, { onSuccess: () => setRevealed(true) })}>
                  Rotate secret
                </Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
        {rotate.isError && (
          <Text size="2" color="red" role="alert">
            {problemMessage(rotate.error, 'Failed to rotate the webhook secret')}
          </Text>
        )}
        {rotate.isSuccess && (
          <Text size="2" color="orange" role="status">
            New secret made: update the VORTEX webhook profile now.
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
