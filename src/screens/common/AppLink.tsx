import type { ReactNode } from 'react';
import { Link as RadixLink } from '@radix-ui/themes';
import { Link } from 'wouter';

/** An in-app link: Radix Themes styling, wouter navigation (no page reload). */
export function AppLink({ href, children, weight }: { href: string; children: ReactNode; weight?: 'medium' | 'bold' }) {
  return (
    <RadixLink asChild weight={weight}>
      <Link href={href}>{children}</Link>
    </RadixLink>
  );
}
