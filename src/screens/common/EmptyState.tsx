import type { ReactNode } from 'react';
import { Flex, Heading, Text } from '@radix-ui/themes';

/** The centred message a list shows when it has nothing, with an optional call to action. */
export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Flex direction="column" align="center" gap="3" py="8" px="4" style={{ textAlign: 'center' }}>
      <Flex
        align="center"
        justify="center"
        style={{ width: 48, height: 48, borderRadius: '50%', background: 'var(--accent-a3)', color: 'var(--accent-11)' }}
        aria-hidden
      >
        {icon}
      </Flex>
      <Heading as="h3" size="4">
        {title}
      </Heading>
      <Text as="p" size="2" color="gray" style={{ maxWidth: 360 }}>
        {description}
      </Text>
      {action}
    </Flex>
  );
}
