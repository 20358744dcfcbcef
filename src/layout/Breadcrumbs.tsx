import { Fragment, Suspense, lazy, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { ChevronRightIcon } from '@radix-ui/react-icons';
import { buildingQueryOptions } from '../api/buildings';
import { floorQueryOptions } from '../api/floors';
import { deviceQueryOptions } from '../api/devices';
import { isEditMode } from '../screens/floor/floorMode';
import { breadcrumbTrail } from './breadcrumbTrail';
import type { CrumbSpec } from './breadcrumbTrail';

/** Only the floor route renames floors: its editor (and the floors' write calls) loads there. */
const loadFloorNameEditor = () => import('./FloorNameEditor');
const FloorNameEditor = lazy(() => loadFloorNameEditor().then((m) => ({ default: m.FloorNameEditor })));

/** A crumb: a link when it has an address and is not the current page, else plain text. */
function Crumb({ label, href, current }: { label: string; href?: string; current: boolean }) {
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

function BuildingCrumb({ id, href, current }: { id: string; href?: string; current: boolean }) {
  const { data } = useQuery(buildingQueryOptions(id));
  return <Crumb label={data?.name ?? `Building ${id}`} href={href} current={current} />;
}

function FloorBuildingCrumb({ floorId }: { floorId: string }) {
  const floor = useQuery(floorQueryOptions(floorId));
  const buildingId = floor.data?.building_id;
  const building = useQuery({ ...buildingQueryOptions(buildingId ?? ''), enabled: Boolean(buildingId) });
  if (!buildingId) return <Crumb label="Building" current={false} />;
  return <Crumb label={building.data?.name ?? `Building ${buildingId}`} href={`/buildings/${encodeURIComponent(buildingId)}`} current={false} />;
}

/**
 * The floor's name: renamed inline in edit mode (`?mode=edit` or no mode) once the floor
 * is loaded, plain text in view mode (SPEC.md sections 2 and 6).
 */
function FloorCrumb({ id, current }: { id: string; current: boolean }) {
  const { data } = useQuery(floorQueryOptions(id));
  const editable = isEditMode(useSearch());
  // Fetched alongside the floor, so the pencil shows with the name.
  useEffect(() => void loadFloorNameEditor().catch(() => undefined), []);
  const plain = <Crumb label={data?.name ?? `Floor ${id}`} current={current} />;
  if (!editable || !data) return plain;
  return (
    <Suspense fallback={plain}>
      <FloorNameEditor key={id} floorId={id} name={data.name} current={current} />
    </Suspense>
  );
}

function DeviceCrumb({ id, current }: { id: string; current: boolean }) {
  const { data } = useQuery(deviceQueryOptions(id));
  return <Crumb label={data?.device_name || id} current={current} />;
}

function renderCrumb(spec: CrumbSpec, current: boolean): ReactNode {
  switch (spec.kind) {
    case 'label':
      return <Crumb label={spec.label} href={spec.href} current={current} />;
    case 'building':
      return <BuildingCrumb id={spec.id} href={spec.href} current={current} />;
    case 'floorBuilding':
      return <FloorBuildingCrumb floorId={spec.floorId} />;
    case 'floor':
      return <FloorCrumb id={spec.id} current={current} />;
    case 'device':
      return <DeviceCrumb id={spec.id} current={current} />;
  }
}

/** The top bar's breadcrumb for the current path (SPEC.md section 2 "Breadcrumbs"). */
export function Breadcrumbs() {
  const [path] = useLocation();
  const trail = breadcrumbTrail(path);
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <Flex align="center" gap="2" wrap="nowrap" style={{ minWidth: 0 }}>
        {trail.map((spec, index) => (
          <Fragment key={index}>
            {index > 0 && <ChevronRightIcon aria-hidden color="var(--gray-9)" style={{ flexShrink: 0 }} />}
            {renderCrumb(spec, index === trail.length - 1)}
          </Fragment>
        ))}
      </Flex>
    </nav>
  );
}
