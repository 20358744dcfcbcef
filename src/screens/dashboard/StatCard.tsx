import type { ReactNode } from 'react';
import { Card, Flex, Link as RadixLink, Skeleton, Text } from '@radix-ui/themes';
import { Link } from 'wouter';

/** A Radix colour for a figure that needs attention. */
export type StatTone = 'green' | 'gray' | 'red' | 'amber';

/** A dashboard figure: label, the number (a skeleton while loading, '—' on error), a note and an optional link. */
export function StatCard({
  label,
  value,
  icon,
  note,
  tone,
  href,
  linkLabel,
}: {
  label: string;
  /** null while loading; undefined when it could not be loaded. */
  value: number | null | undefined;
  icon: ReactNode;
  note?: ReactNode;
  /** Colours the icon (and the figure when not gray). */
  tone?: StatTone;
  href?: string;
  linkLabel?: string;
}) {
  return (
    <Card size="3" aria-label={label}>
      <Flex direction="column" gap="2" height="100%">
        <Flex justify="between" align="center">
          <Text size="2" color="gray" weight="medium">
            {label}
          </Text>
          <Text color={tone ?? 'gray'} aria-hidden>
            {icon}
          </Text>
        </Flex>
        <Skeleton loading={value === null}>
          <Text
            size="8"
            weight="bold"
            color={tone && tone !== 'gray' ? tone : undefined}
            data-testid={`${label}-count`}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {value ?? '—'}
          </Text>
        </Skeleton>
        <Text size="1" color="gray">
          {note ?? '\u00a0'}
        </Text>
        {href && linkLabel && (
          <RadixLink asChild size="2" mt="auto">
            <Link href={href}>{linkLabel}</Link>
          </RadixLink>
        )}
      </Flex>
    </Card>
  );
}
