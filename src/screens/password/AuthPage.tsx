import type { ReactNode } from 'react';
import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { ViewGridIcon } from '@radix-ui/react-icons';

/**
 * The signed-out pages' frame (as the sign-in screen looks): the product mark, a heading,
 * one line saying what the page is for, the content in a card, and links under it.
 */
export function AuthPage({ title, subtitle, children, footer }: { title: string; subtitle: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Flex align="center" justify="center" p="4" style={{ minHeight: '100vh', background: 'var(--gray-2)' }}>
      <Box width="100%" maxWidth="420px">
        <Flex direction="column" align="center" gap="2" mb="5" style={{ textAlign: 'center' }}>
          <div className="fw-sidebar-logo" aria-hidden style={{ width: 40, height: 40 }}>
            <ViewGridIcon width={20} height={20} />
          </div>
          <Heading as="h1" size="6">
            {title}
          </Heading>
          <Text size="2" color="gray">
            {subtitle}
          </Text>
        </Flex>
        <Card size="4">{children}</Card>
        {footer && (
          <Flex justify="center" mt="4">
            <Text size="2" color="gray">
              {footer}
            </Text>
          </Flex>
        )}
      </Box>
    </Flex>
  );
}
