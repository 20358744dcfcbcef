import { ComingSoon } from './ComingSoon';

/** /events (SPEC.md section 2); the event list arrives with the live-events issue. */
export default function EventsScreen() {
  return (
    <ComingSoon title="Events" description="Security events reported by your VORTEX cameras.">
      Motion, intrusion, line crossing, tampering and audio events from your cameras will be listed here, newest first,
      once the connection to VORTEX is set up.
    </ComingSoon>
  );
}
