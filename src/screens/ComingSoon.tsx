import type { ReactNode } from 'react';
import { Card, Flex, Text } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { PageHeader } from '../layout/PageHeader';

/**
 * A screen whose feature arrives with a later issue: its real header and one honest
 * sentence about what will appear. No placeholder data.
 */
export function ComingSoon({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="fw-page">
      <PageHeader title={title} description={description} />
      <Card size="3">
        <Flex gap="3" align="start">
          <Text color="gray" aria-hidden>
            <InfoCircledIcon width={18} height={18} />
          </Text>
          <Text as="p" size="2" color="gray">
            {children}
          </Text>
        </Flex>
      </Card>
    </div>
  );
}
