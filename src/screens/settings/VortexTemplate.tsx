import { Box, Flex, Text } from '@radix-ui/themes';
import { CopyButton } from '../common/CopyButton';
import { VORTEX_WEBHOOK_SECRET_HEADER, VORTEX_WEBHOOK_TEMPLATE } from './vortexWebhookTemplate';

/** The recommended VORTEX webhook JSON template with a copy button, and how to set the profile up. */
export function VortexTemplate() {
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" justify="between" gap="3">
        <Text size="2" weight="medium">
          Webhook JSON template
        </Text>
        <CopyButton text={VORTEX_WEBHOOK_TEMPLATE} label="Copy webhook template" />
      </Flex>
      <Text as="p" size="2" color="gray">
        In the VORTEX portal, Alarm Management, create a webhook profile that sends JSON to the webhook URL above, add the
        header {VORTEX_WEBHOOK_SECRET_HEADER} with the webhook secret, and paste this template as the payload.
      </Text>
      <Box asChild p="3" style={{ background: 'var(--gray-a2)', borderRadius: 'var(--radius-3)', overflowX: 'auto', margin: 0 }}>
        <pre aria-label="Webhook JSON template" data-testid="webhook-template">
          <code style={{ fontSize: 'var(--font-size-1)' }}>{VORTEX_WEBHOOK_TEMPLATE}</code>
        </pre>
      </Box>
    </Flex>
  );
}
