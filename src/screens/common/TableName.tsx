import { VisuallyHidden } from '@radix-ui/themes';

/**
 * The accessible name of a Radix `Table.Root`, as its first child: a visually hidden
 * `<caption>` (HTML "table" element: the caption names the table). `aria-label` on
 * `Table.Root` lands on its wrapping div, a generic element that ARIA 1.2 does not let be
 * named, so the table itself would stay nameless.
 */
export function TableName({ children }: { children: string }) {
  return (
    <VisuallyHidden asChild>
      <caption>{children}</caption>
    </VisuallyHidden>
  );
}
