import { memo } from 'react';
import { Image as KonvaImage, Layer, Rect } from 'react-konva';
import { counterScale } from './geometry';

interface PlanLayerProps {
  image: HTMLImageElement;
  /** Viewport scale, CSS px per natural image px. */
  scale: number;
}

/**
 * The floor plan, drawn at its natural size at 0,0 (the scene's plan px), on a layer that
 * never listens (nothing on it is clicked, so Konva skips its hit canvas). A white sheet
 * under the image keeps plans with transparent backgrounds readable on a dark theme.
 */
function PlanLayerView({ image, scale }: PlanLayerProps) {
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const perCssPx = counterScale(scale);
  return (
    <Layer listening={false}>
      <Rect
        width={width}
        height={height}
        fill="#ffffff"
        stroke="rgba(15, 23, 42, 0.18)"
        strokeWidth={1}
        strokeScaleEnabled={false}
        shadowColor="#000000"
        shadowOpacity={0.18}
        shadowBlur={16 * perCssPx}
        shadowOffsetY={2 * perCssPx}
      />
      <KonvaImage image={image} width={width} height={height} />
    </Layer>
  );
}

/** The plan layer; memoised so panning skips it. */
export const PlanLayer = memo(PlanLayerView);
