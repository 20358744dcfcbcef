import { Flex, Spinner, Text } from '@radix-ui/themes';

/** A centred spinner while a screen or the session loads; `label` is read by screen readers. */
export function ScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" gap="3" style={{ minHeight: '50vh' }} role="status" aria-live="polite">
      <Spinner size="3" />
      <Text size="2" color="gray">
        {label}…
      </Text>
    </Flex>
  );
}
