import type { CameraSpot } from './svgKit';

/** A drawn demo floor plan: the SVG document, its size in px, and where cameras would sit. */
export interface DemoPlanDrawing {
  svg: string;
  width: number;
  height: number;
  cameraSpots: CameraSpot[];
}
