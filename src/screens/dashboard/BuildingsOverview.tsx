import { Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes';
import type { FloorWithImage } from '../../api/floors';
import type { Building } from '../../api/types';
import { AppLink } from '../common/AppLink';
import { FloorRows } from '../map/BuildingFloorList';

/** Floors listed per building before "and N more". */
const FLOORS_SHOWN = 6;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The floors of each building, lowest level first. Pure. */
export function floorsByBuilding(floors: readonly FloorWithImage[]): Map<string, FloorWithImage[]> {
  const map = new Map<string, FloorWithImage[]>();
  for (const floor of floors) map.set(floor.building_id, [...(map.get(floor.building_id) ?? []), floor]);
  for (const list of map.values()) list.sort((a, b) => a.level - b.level || a.name.localeCompare(b.name));
  return map;
}

function BuildingCard({ building, floors }: { building: Building; floors: readonly FloorWithImage[] | undefined }) {
  const devices = floors?.reduce((sum, f) => sum + f.device_count, 0);
  return (
    <Card size="2" aria-label={building.name}>
      <Flex direction="column" gap="3">
        <Flex direction="column" gap="1">
          <Heading as="h3" size="3">
            <AppLink href={`/buildings/${encodeURIComponent(building.id)}`}>{building.name}</AppLink>
          </Heading>
          {building.address && (
            <Text size="1" color="gray" truncate>
              {building.address}
            </Text>
          )}
          <Skeleton loading={floors === undefined}>
            <Text size="2" color="gray">
              {`${plural(floors?.length ?? building.floor_count, 'floor', 'floors')} · ${plural(devices ?? 0, 'device', 'devices')}`}
            </Text>
          </Skeleton>
        </Flex>
        {floors && floors.length > 0 && <FloorRows floors={floors.slice(0, FLOORS_SHOWN)} buildingName={building.name} />}
        {floors && floors.length > FLOORS_SHOWN && (
          <Text size="1">
            <AppLink href={`/buildings/${encodeURIComponent(building.id)}`}>{`and ${floors.length - FLOORS_SHOWN} more`}</AppLink>
          </Text>
        )}
        {floors && floors.length === 0 && (
          <Text size="2" color="gray">
            No floors yet
          </Text>
        )}
      </Flex>
    </Card>
  );
}

/**
 * Buildings with their floors and device counts (issue 5 "Dashboard"). `floors` is
 * undefined while the floors load or after they failed (the counts then wait).
 */
export function BuildingsOverview({ buildings, floors }: { buildings: readonly Building[]; floors: readonly FloorWithImage[] | undefined }) {
  const byBuilding = floors ? floorsByBuilding(floors) : null;
  return (
    <section aria-labelledby="dashboard-buildings">
      <Flex justify="between" align="baseline" mb="3">
        <Heading as="h2" size="4" id="dashboard-buildings">
          Buildings
        </Heading>
        <AppLink href="/buildings">Manage buildings</AppLink>
      </Flex>
      <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
        {buildings.map((building) => (
          <BuildingCard key={building.id} building={building} floors={byBuilding ? (byBuilding.get(building.id) ?? []) : undefined} />
        ))}
      </Grid>
    </section>
  );
}
