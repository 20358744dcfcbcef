/** A device as the scene draws it: position in plan percent (0..100), status colours it. */
export interface SceneDevice {
  id: string;
  name: string;
  status: 'online' | 'offline' | 'error';
  /** Percent of the plan's natural width, 0..100, origin left. */
  xPercent: number;
  /** Percent of the plan's natural height, 0..100, origin top. */
  yPercent: number;
}
