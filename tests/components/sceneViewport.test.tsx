import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { fitViewport, MAX_ZOOM_OF_FIT, stageToPlan, stagePoint } from '../../src/scene/geometry';
import { useViewport } from '../../src/scene/useViewport';

const plan = { width: 2000, height: 1000 };
const stage = { width: 800, height: 600 };
const middle = stagePoint(stage.width / 2, stage.height / 2);

describe('useViewport show (zoom to a selection)', () => {
  it('shows a viewport within the limits as it is', () => {
    const { result } = renderHook(() => useViewport(plan, stage, 'plan.png'));
    act(() => result.current.show({ x: -100, y: -50, scale: 1 }));
    expect(result.current.viewport).toEqual({ x: -100, y: -50, scale: 1 });
  });

  it('clamps a zoom past the limit about the middle of the stage, so the point it centres stays centred', () => {
    const { result } = renderHook(() => useViewport(plan, stage, 'plan.png'));
    const fitScale = fitViewport(plan, stage).scale;
    // What zoomToRect asks for a lone marker at plan px (500, 250): a huge scale with it in the middle.
    const asked = 640;
    act(() => result.current.show({ x: middle.x - 500 * asked, y: middle.y - 250 * asked, scale: asked }));
    const shown = result.current.viewport;
    expect(shown.scale).toBeCloseTo(fitScale * MAX_ZOOM_OF_FIT, 9);
    const centred = stageToPlan(middle, shown);
    expect(centred.x).toBeCloseTo(500, 6);
    expect(centred.y).toBeCloseTo(250, 6);
  });
});
