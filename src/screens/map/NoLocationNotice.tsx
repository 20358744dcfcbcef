import { Callout } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { AppLink } from '../common/AppLink';

/**
 * Says a building is missing from the map because it has no latitude and longitude, with
 * a link to the building, whose Edit form sets them.
 */
export function NoLocationNotice({ buildingId, name }: { buildingId: string; name: string }) {
  return (
    <Callout.Root color="amber" role="note">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>
        {name} has no latitude and longitude, so it is not on the map.{' '}
        <AppLink href={`/buildings/${encodeURIComponent(buildingId)}`} weight="medium">
          Set its location
        </AppLink>{' '}
        with Edit on the building’s page.
      </Callout.Text>
    </Callout.Root>
  );
}
