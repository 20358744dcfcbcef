import { Link } from 'wouter';
import { Link as RadixLink, Text } from '@radix-ui/themes';

/** A crumb: a link when it has an address and is not the current page, else plain text. */
export function Crumb({ label, href, current }: { label: string; href?: string; current: boolean }) {
  if (href && !current) {
    return (
      <RadixLink asChild size="2" color="gray" underline="hover">
        <Link href={href}>{label}</Link>
      </RadixLink>
    );
  }
  return (
    <Text size="2" weight={current ? 'medium' : 'regular'} color={current ? undefined : 'gray'} aria-current={current ? 'page' : undefined} truncate>
      {label}
    </Text>
  );
}
