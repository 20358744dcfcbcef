/**
 * The sidebar's groups and entries, and which entry is active for a path
 * (SPEC.md section 2 "Layout").
 */
import type { ComponentType } from 'react';
import { BellIcon, CodeIcon, DashboardIcon, GearIcon, GlobeIcon, LayersIcon, VideoIcon } from '@radix-ui/react-icons';

export interface NavEntry {
  label: string;
  href: string;
  icon: ComponentType<{ width?: number; height?: number }>;
  /** True when the entry is the current place for `path` (no query string). */
  isActive: (path: string) => boolean;
}

export interface NavGroup {
  label: string;
  entries: readonly NavEntry[];
}

/** Active on `href` itself and anything below it. */
const under = (href: string) => (path: string) => path === href || path.startsWith(`${href}/`);

/** Buildings & Floors: /buildings and below, any path containing /floor-plan, and floors. */
export const isBuildingsActive = (path: string): boolean =>
  under('/buildings')(path) || path.includes('/floor-plan') || path.startsWith('/floors/');

const entry = (label: string, href: string, icon: NavEntry['icon'], isActive = under(href)): NavEntry => ({
  label,
  href,
  icon,
  isActive,
});

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Platform',
    entries: [
      entry('Dashboard', '/dashboard', DashboardIcon),
      entry('Buildings & Floors', '/buildings', LayersIcon, isBuildingsActive),
      entry('Devices', '/devices', VideoIcon),
      entry('Events', '/events', BellIcon),
      entry('Global Map', '/map', GlobeIcon),
    ],
  },
  {
    label: 'Management',
    entries: [entry('Settings', '/settings', GearIcon), entry('API Docs', '/api-docs', CodeIcon)],
  },
];

// Which layout a page gets is in layoutChoice.ts: the entry needs it, not these entries and icons.
export { BARE_PATHS, showsSidebar } from './layoutChoice';
