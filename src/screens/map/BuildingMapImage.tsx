import { Skeleton, Text } from '@radix-ui/themes';
import type { Building } from '../../api/types';
import { usePlanObjectUrl } from '../../lib/usePlanObjectUrl';
import { AppLink } from '../common/AppLink';

/**
 * The building's uploaded map image (`GET /v1/buildings/{id}/map-image`, fetched with the
 * bearer header), or a way to upload one when there is none.
 */
export function BuildingMapImage({ building }: { building: Building }) {
  const { objectUrl, status } = usePlanObjectUrl(building.map_image_url, 'Failed to load buildings');
  if (building.map_image_url === null) {
    return (
      <Text as="p" size="2" color="gray">
        No map image yet.{' '}
        <AppLink href={`/buildings/${encodeURIComponent(building.id)}`}>Upload one</AppLink> with Edit on the building’s page.
      </Text>
    );
  }
  if (status === 'error') {
    return (
      <Text as="p" size="2" color="red">
        The map image could not be loaded.
      </Text>
    );
  }
  return (
    <Skeleton loading={status !== 'loaded'} height="240px">
      {objectUrl ? (
        <img
          src={objectUrl}
          alt={`Map of ${building.name}`}
          style={{ display: 'block', width: '100%', maxHeight: 480, objectFit: 'contain', borderRadius: 'var(--radius-2)', background: 'var(--gray-2)' }}
        />
      ) : (
        <div />
      )}
    </Skeleton>
  );
}
