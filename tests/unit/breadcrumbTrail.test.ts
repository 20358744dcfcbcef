import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from '../../src/layout/breadcrumbTrail';
import type { CrumbSpec } from '../../src/layout/breadcrumbTrail';

/** A trail as readable text: labels as they are, entity crumbs as `<kind id>`. */
function read(trail: CrumbSpec[]): string {
  return trail
    .map((crumb) => {
      switch (crumb.kind) {
        case 'label':
          return crumb.label;
        case 'building':
          return `<building ${crumb.id}>`;
        case 'floorBuilding':
          return `<building of floor ${crumb.floorId}>`;
        case 'floor':
          return `<floor ${crumb.id}>`;
        case 'device':
          return `<device ${crumb.id}>`;
      }
    })
    .join(' > ');
}

describe('breadcrumbs (SPEC.md section 2 "Breadcrumbs")', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/buildings/b1/map', 'Buildings > <building b1> > Map'],
    ['/floors/f1', 'Buildings > <building of floor f1> > <floor f1>'],
    ['/devices/cam-7', 'Devices > <device cam-7>'],
    ['/settings', 'Settings'],
    ['/api-docs', 'API Documentation'],
  ])('%s reads %s, as the spec lists it', (path, expected) => {
    expect(read(breadcrumbTrail(path))).toBe(expected);
  });

  it('links each crumb above the current one to its screen', () => {
    expect(breadcrumbTrail('/buildings/b1/map')).toEqual([
      { kind: 'label', label: 'Buildings', href: '/buildings' },
      { kind: 'building', id: 'b1', href: '/buildings/b1' },
      { kind: 'label', label: 'Map', href: undefined },
    ]);
    expect(breadcrumbTrail('/devices/cam%207')).toEqual([
      { kind: 'label', label: 'Devices', href: '/devices' },
      { kind: 'device', id: 'cam 7' },
    ]);
  });

  it('the screens the spec does not list keep a plain trail of their own', () => {
    expect(read(breadcrumbTrail('/buildings'))).toBe('Buildings');
    expect(read(breadcrumbTrail('/buildings/b1'))).toBe('Buildings > <building b1>');
    expect(read(breadcrumbTrail('/devices'))).toBe('Devices');
    expect(read(breadcrumbTrail('/events'))).toBe('Events');
    expect(read(breadcrumbTrail('/map'))).toBe('Global Map');
    expect(read(breadcrumbTrail('/settings/account'))).toBe('Settings > Account');
  });

  it('shows none on the not-found page (Help & Support goes to /help) and the signed-out pages', () => {
    for (const path of ['/help', '/nowhere/at/all', '/login', '/reset-password', '/setup-password', '/forgot-password', '/floors/f1/extra']) {
      expect(breadcrumbTrail(path), path).toEqual([]);
    }
  });
});
