import { ComingSoon } from './ComingSoon';

/** /map (SPEC.md section 2); the map arrives with its own issue. */
export default function GlobalMapScreen() {
  return (
    <ComingSoon title="Global Map" description="All your buildings on one map.">
      Every building with a latitude and longitude will appear here as a marker you can open.
    </ComingSoon>
  );
}
