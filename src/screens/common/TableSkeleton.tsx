import { Flex, Skeleton } from '@radix-ui/themes';

/** Placeholder rows while a list loads. */
export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Flex direction="column" gap="2" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="40px" />
      ))}
    </Flex>
  );
}
