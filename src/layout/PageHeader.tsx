import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';

/** A screen's title row: heading, optional description, optional actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex align="start" justify="between" gap="4" mb="6" wrap="wrap">
      <Box minWidth="0">
        <Heading as="h1" size="6" weight="bold">
          {title}
        </Heading>
        {description && (
          <Text as="p" size="2" color="gray" mt="1">
            {description}
          </Text>
        )}
      </Box>
      {actions && <Flex gap="2">{actions}</Flex>}
    </Flex>
  );
}
