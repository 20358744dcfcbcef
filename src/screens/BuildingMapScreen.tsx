import { useParams } from 'wouter';
import { ComingSoon } from './ComingSoon';

/** /buildings/{buildingId}/map (SPEC.md section 2); the map view arrives with its own issue. */
export default function BuildingMapScreen() {
  const { buildingId } = useParams<{ buildingId: string }>();
  return (
    <ComingSoon title="Building map" description={`Where building ${buildingId} stands and what it looks like.`}>
      The building's uploaded map image and its location will be shown here.
    </ComingSoon>
  );
}
