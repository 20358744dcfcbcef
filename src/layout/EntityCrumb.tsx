/**
 * The breadcrumbs named after an entity (building, floor, device): their names come from
 * the query cache, through the API modules the shell otherwise does not need. A module of
 * its own, loaded by `Breadcrumbs` only on the pages that show such a crumb (issue 5
 * "Weight of the pages"); until it is in, the crumb shows what it shows while its entity
 * loads (`entityCrumbPlaceholder`).
 */
import { Suspense, lazy, useEffect } from 'react';
import { useSearch } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { buildingQueryOptions } from '../api/buildings';
import { floorQueryOptions } from '../api/floors';
import { deviceQueryOptions } from '../api/devices';
import { isEditMode } from '../screens/floor/floorMode';
import { Crumb } from './Crumb';
import type { EntityCrumbSpec } from './breadcrumbTrail';

/** Only the floor route renames floors: its editor (and the floors' write calls) loads there. */
const loadFloorNameEditor = () => import('./FloorNameEditor');
const FloorNameEditor = lazy(() => loadFloorNameEditor().then((m) => ({ default: m.FloorNameEditor })));

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

/** The crumb of `spec`, its label the entity's name once loaded. */
export function EntityCrumb({ spec, current }: { spec: EntityCrumbSpec; current: boolean }) {
  switch (spec.kind) {
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
