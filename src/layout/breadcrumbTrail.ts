/**
 * Which breadcrumbs a path shows (SPEC.md section 2 "Breadcrumbs"). Entity crumbs name
 * what to load; `Breadcrumbs.tsx` resolves their labels from the query cache.
 */

/** A crumb whose label is an entity's name. */
export type EntityCrumbSpec =
  | { kind: 'building'; id: string; href?: string }
  /** The building a floor belongs to, found through the floor. */
  | { kind: 'floorBuilding'; floorId: string }
  | { kind: 'floor'; id: string }
  | { kind: 'device'; id: string };

/** A crumb with a fixed label, or one whose label is an entity's name. */
export type CrumbSpec = { kind: 'label'; label: string; href?: string } | EntityCrumbSpec;

/** What an entity crumb reads while its entity (or its code) loads. */
export function entityCrumbPlaceholder(spec: EntityCrumbSpec): { label: string; href?: string } {
  switch (spec.kind) {
    case 'building':
      return { label: `Building ${spec.id}`, href: spec.href };
    case 'floorBuilding':
      return { label: 'Building' };
    case 'floor':
      return { label: `Floor ${spec.id}` };
    case 'device':
      return { label: spec.id };
  }
}

const label = (text: string, href?: string): CrumbSpec => ({ kind: 'label', label: text, href });

const FIXED: Readonly<Record<string, string>> = {
  '/dashboard': 'Dashboard',
  '/buildings': 'Buildings',
  '/devices': 'Devices',
  '/events': 'Events',
  '/map': 'Global Map',
  '/settings': 'Settings',
  '/api-docs': 'API Documentation',
  '/demo/angle-control': 'Angle Control Demo',
};

/** The crumbs for `path` (no query string); empty for paths outside the route table. */
export function breadcrumbTrail(path: string): CrumbSpec[] {
  const fixed = FIXED[path];
  if (fixed) return [label(fixed)];
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [root, id, tail, ...rest] = segments;
  if (!id || rest.length > 0) return [];
  if (root === 'buildings' && tail === undefined) return [label('Buildings', '/buildings'), { kind: 'building', id }];
  if (root === 'buildings' && tail === 'map') {
    return [label('Buildings', '/buildings'), { kind: 'building', id, href: `/buildings/${encodeURIComponent(id)}` }, label('Map')];
  }
  if (root === 'floors' && tail === undefined) {
    return [label('Buildings', '/buildings'), { kind: 'floorBuilding', floorId: id }, { kind: 'floor', id }];
  }
  if (root === 'devices' && tail === undefined) return [label('Devices', '/devices'), { kind: 'device', id }];
  if (root === 'settings' && id === 'account' && tail === undefined) return [label('Settings', '/settings'), label('Account')];
  return [];
}
