import { ComingSoon } from './ComingSoon';

/** /demo/angle-control (SPEC.md section 2); the demo arrives with the field-of-view issue. */
export default function AngleControlDemoScreen() {
  return (
    <ComingSoon title="Angle Control Demo" description="Try the camera field-of-view controls.">
      A camera's heading, angle and range controls will be demonstrated here on a sample plan.
    </ComingSoon>
  );
}
