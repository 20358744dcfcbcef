import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Box, Button, Code, Flex, IconButton, Text } from '@radix-ui/themes';
import { EyeClosedIcon, EyeOpenIcon, UpdateIcon } from '@radix-ui/react-icons';
import { problemMessage } from '../../api/client';
import type { VortexCredentials } from '../../api/vortex';
import { rotateVortexSecretAtom } from '../../atoms/vortex.atoms';
import { lazyOnIdle } from '../../lib/lazyOnIdle';
import { CopyButton } from '../common/CopyButton';
import { VORTEX_WEBHOOK_SECRET_HEADER } from './vortexWebhookTemplate';

const MASK = '•'.repeat(24);

/** The confirmation (Radix AlertDialog) loads on idle or on the first click (issue 5 "Weight of the pages"). */
const RotateSecretDialog = lazyOnIdle(
  () => import('./RotateSecretDialog').then((m) => m.RotateSecretDialog),
  (props) => props.open,
);

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
  const [confirming, setConfirming] = useState(false);
  const rotateButton = useRef<HTMLButtonElement>(null);
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
        <Button
          ref={rotateButton}
          type="button"
          variant="soft"
          color="orange"
          loading={rotate.isPending}
          aria-haspopup="dialog"
          aria-expanded={confirming}
          data-state={confirming ? 'open' : 'closed'}
          onClick={() => setConfirming(true)}
        >
          <UpdateIcon /> Rotate secret
        </Button>
        <RotateSecretDialog
          open={confirming}
          onOpenChange={setConfirming}
          onConfirm={() => rotate.mutate(saved.base_url, { onSuccess: () => setRevealed(true) })}
          returnFocusTo={rotateButton}
        />
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
