import { Badge, Flex, Text } from '@radix-ui/themes';
import type { FloorWithImage } from '../../api/floors';
import { AppLink } from '../common/AppLink';

const devicesText = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;

/**
 * The list of a building's floors as given (the caller sorts and cuts it), each row its
 * level badge, its name opening the floor plan in view mode and its device count. Shared
 * by the building map and the dashboard's building cards; renders nothing of its own when empty.
 */
export function FloorRows({ floors, buildingName }: { floors: readonly FloorWithImage[]; buildingName: string }) {
  return (
    <Flex asChild direction="column" gap="2" m="0" p="0">
      <ul style={{ listStyle: 'none' }} aria-label={`Floors of ${buildingName}`}>
        {floors.map((floor) => (
          <Flex asChild key={floor.id} justify="between" align="center" gap="2">
            <li>
              <Flex gap="2" align="center" minWidth="0">
                <Badge variant="soft" color="gray" style={{ minWidth: 44, justifyContent: 'center' }}>
                  {`L${floor.level}`}
                </Badge>
                <Text size="2" truncate>
                  <AppLink href={`/floors/${encodeURIComponent(floor.id)}?mode=view`}>{floor.name}</AppLink>
                </Text>
              </Flex>
              <Text size="1" color="gray" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {devicesText(floor.device_count)}
              </Text>
            </li>
          </Flex>
        ))}
      </ul>
    </Flex>
  );
}

/** A building's floors, lowest first, each opening its floor plan, with its device count. */
export function BuildingFloorList({ floors, buildingName }: { floors: readonly FloorWithImage[]; buildingName: string }) {
  if (floors.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        No floors yet.
      </Text>
    );
  }
  return <FloorRows floors={floors} buildingName={buildingName} />;
}
