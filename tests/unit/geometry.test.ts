import { describe, expect, it } from 'vitest';
import {
  clampPan,
  clampPercent,
  clampPlanPercent,
  clampPlanPoint,
  counterScale,
  dropPercent,
  fitViewport,
  FIT_PADDING_PX,
  MAX_ZOOM_OF_FIT,
  MIN_ZOOM_OF_FIT,
  percentToPlan,
  percentToStage,
  planPercent,
  planPoint,
  planToPercent,
  planToStage,
  scaleLimits,
  screenPoint,
  screenToStage,
  stagePoint,
  stageToPercent,
  stageToPlan,
  stageToScreen,
  viewCentrePercent,
  wheelDeltaPx,
  wheelZoomFactor,
  zoomAt,
  type Viewport,
} from '../../src/scene/geometry';
import { LABEL_HEIGHT_PX, LABEL_OFFSET_PX, visibleLabelIds } from '../../src/scene/labels';

const plan = { width: 2000, height: 1000 };
const viewport: Viewport = { x: 37, y: -12, scale: 0.4 };

describe('percent <-> plan px', () => {
  it('maps percent of the natural size to plan pixels, origin top left', () => {
    expect(percentToPlan(planPercent(0, 0), plan)).toEqual({ x: 0, y: 0 });
    expect(percentToPlan(planPercent(100, 100), plan)).toEqual({ x: 2000, y: 1000 });
    expect(percentToPlan(planPercent(25, 60), plan)).toEqual({ x: 500, y: 600 });
  });

  it('maps plan pixels back to percent without clamping', () => {
    expect(planToPercent(planPoint(500, 600), plan)).toEqual({ x: 25, y: 60 });
    expect(planToPercent(planPoint(-200, 1100), plan)).toEqual({ x: -10, y: 110 });
  });

  it('gives 0,0 for a plan without area instead of dividing by zero', () => {
    expect(planToPercent(planPoint(10, 10), { width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });
});

describe('plan px <-> stage <-> screen', () => {
  it('applies the viewport position and scale', () => {
    expect(planToStage(planPoint(100, 50), viewport)).toEqual({ x: 37 + 40, y: -12 + 20 });
  });

  it('inverts planToStage', () => {
    const back = stageToPlan(planToStage(planPoint(1234.5, 678.25), viewport), viewport);
    expect(back.x).toBeCloseTo(1234.5, 9);
    expect(back.y).toBeCloseTo(678.25, 9);
  });

  it('offsets by the container origin for screen points and back', () => {
    const origin = screenPoint(300, 120);
    expect(stageToScreen(stagePoint(10, 20), origin)).toEqual({ x: 310, y: 140 });
    expect(screenToStage(screenPoint(310, 140), origin)).toEqual({ x: 10, y: 20 });
  });

  it.each([
    [0, 0],
    [100, 100],
    [12.5, 87.25],
    [33.333, 66.667],
  ])('round-trips percent %f,%f through stage px', (x, y) => {
    const stage = percentToStage(planPercent(x, y), plan, viewport);
    const back = stageToPercent(stage, plan, viewport);
    expect(back.x).toBeCloseTo(x, 9);
    expect(back.y).toBeCloseTo(y, 9);
  });

  it('puts percent where the e2e formula says: viewportX + xPercent/100 * planWidth * scale', () => {
    const at = percentToStage(planPercent(40, 70), plan, viewport);
    expect(at.x).toBeCloseTo(viewport.x + 0.4 * plan.width * viewport.scale, 9);
    expect(at.y).toBeCloseTo(viewport.y + 0.7 * plan.height * viewport.scale, 9);
  });
});

describe('clamps', () => {
  it('clamps percent to 0..100 and NaN to 0', () => {
    expect(clampPercent(-0.01)).toBe(0);
    expect(clampPercent(100.5)).toBe(100);
    expect(clampPercent(42.42)).toBe(42.42);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(Number.POSITIVE_INFINITY)).toBe(100);
    expect(clampPlanPercent(planPercent(-5, 250))).toEqual({ x: 0, y: 100 });
  });

  it('rounds a dropped percent to 3 decimals after clamping', () => {
    expect(dropPercent(2.842170943040401e-15)).toBe(0);
    expect(dropPercent(99.99999999999)).toBe(100);
    expect(dropPercent(33.33333333)).toBe(33.333);
    expect(dropPercent(-4)).toBe(0);
    expect(dropPercent(140)).toBe(100);
  });

  it('keeps a plan point inside the plan rectangle', () => {
    expect(clampPlanPoint(planPoint(-1, 1001), plan)).toEqual({ x: 0, y: 1000 });
    expect(clampPlanPoint(planPoint(2500, 400), plan)).toEqual({ x: 2000, y: 400 });
    expect(clampPlanPoint(planPoint(10, 20), plan)).toEqual({ x: 10, y: 20 });
  });
});

describe('fitViewport', () => {
  const stage = { width: 800, height: 600 };

  it('fits a wide image to the stage width, centred vertically, with padding', () => {
    const fit = fitViewport({ width: 2000, height: 500 }, stage);
    expect(fit.scale).toBeCloseTo((800 - 2 * FIT_PADDING_PX) / 2000, 12);
    expect(fit.x).toBeCloseTo(FIT_PADDING_PX, 9);
    const drawnHeight = 500 * fit.scale;
    expect(fit.y).toBeCloseTo((600 - drawnHeight) / 2, 9);
  });

  it('fits a tall image to the stage height, centred horizontally, with padding', () => {
    const fit = fitViewport({ width: 300, height: 3000 }, stage);
    expect(fit.scale).toBeCloseTo((600 - 2 * FIT_PADDING_PX) / 3000, 12);
    expect(fit.y).toBeCloseTo(FIT_PADDING_PX, 9);
    expect(fit.x).toBeCloseTo((800 - 300 * fit.scale) / 2, 9);
  });

  it('scales a small image up to fill the stage', () => {
    const fit = fitViewport({ width: 100, height: 100 }, stage);
    expect(fit.scale).toBeCloseTo((600 - 2 * FIT_PADDING_PX) / 100, 12);
  });

  it('contains the whole plan inside the stage', () => {
    for (const size of [{ width: 1234, height: 987 }, { width: 5, height: 4000 }, { width: 9000, height: 7 }]) {
      const fit = fitViewport(size, stage);
      const topLeft = planToStage(planPoint(0, 0), fit);
      const bottomRight = planToStage(planPoint(size.width, size.height), fit);
      expect(topLeft.x).toBeGreaterThanOrEqual(-1e-9);
      expect(topLeft.y).toBeGreaterThanOrEqual(-1e-9);
      expect(bottomRight.x).toBeLessThanOrEqual(800 + 1e-9);
      expect(bottomRight.y).toBeLessThanOrEqual(600 + 1e-9);
    }
  });

  it('shrinks the padding on a tiny stage rather than producing a negative scale', () => {
    const fit = fitViewport({ width: 100, height: 100 }, { width: 40, height: 40 });
    expect(fit.scale).toBeGreaterThan(0);
    expect(fit.x).toBeCloseTo(10, 9);
  });

  it('gives the identity viewport without a plan or stage area', () => {
    expect(fitViewport({ width: 0, height: 0 }, stage)).toEqual({ x: 0, y: 0, scale: 1 });
    expect(fitViewport(plan, { width: 0, height: 300 })).toEqual({ x: 0, y: 0, scale: 1 });
  });
});

describe('zoomAt', () => {
  const limits = scaleLimits(0.4);

  it('keeps the plan point under the anchor fixed', () => {
    const anchor = stagePoint(321, 123);
    const before = stageToPlan(anchor, viewport);
    const zoomed = zoomAt(viewport, anchor, 1.7, limits);
    expect(zoomed.scale).toBeCloseTo(0.68, 12);
    const after = stageToPlan(anchor, zoomed);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('keeps the anchor fixed when zooming out too', () => {
    const anchor = stagePoint(10, 590);
    const zoomed = zoomAt(viewport, anchor, 0.8, limits);
    expect(planToStage(stageToPlan(anchor, viewport), zoomed).x).toBeCloseTo(10, 9);
    expect(planToStage(stageToPlan(anchor, viewport), zoomed).y).toBeCloseTo(590, 9);
  });

  it('clamps the scale to the limits relative to the fit, still about the anchor', () => {
    expect(limits).toEqual({ min: 0.4 * MIN_ZOOM_OF_FIT, max: 0.4 * MAX_ZOOM_OF_FIT });
    const anchor = stagePoint(200, 200);
    const zoomedIn = zoomAt(viewport, anchor, 1000, limits);
    expect(zoomedIn.scale).toBe(limits.max);
    const under = stageToPlan(anchor, viewport);
    expect(planToStage(under, zoomedIn).x).toBeCloseTo(200, 9);
    expect(zoomAt(viewport, anchor, 0.001, limits).scale).toBe(limits.min);
  });
});

describe('wheel', () => {
  it('zooms in on negative deltaY and out on positive, symmetrically', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(-100) * wheelZoomFactor(100)).toBeCloseTo(1, 12);
    expect(wheelZoomFactor(0)).toBe(1);
  });

  it('adds small deltas up to the same zoom as one large delta, and caps a huge one', () => {
    expect(wheelZoomFactor(-10) ** 10).toBeCloseTo(wheelZoomFactor(-100), 12);
    expect(wheelZoomFactor(-5000)).toBe(wheelZoomFactor(-100));
  });

  it('converts line and page deltas to pixels', () => {
    expect(wheelDeltaPx(3, 0, 600)).toBe(3);
    expect(wheelDeltaPx(3, 1, 600)).toBe(48);
    expect(wheelDeltaPx(1, 2, 600)).toBe(600);
  });
});

describe('clampPan', () => {
  const stage = { width: 800, height: 600 };

  it('leaves a position that keeps the plan on screen alone', () => {
    expect(clampPan(stagePoint(100, -50), 0.4, plan, stage)).toEqual({ x: 100, y: -50 });
  });

  it('keeps at least the margin of the plan visible on every side', () => {
    // The plan is 800 x 400 CSS px at scale 0.4.
    expect(clampPan(stagePoint(5000, 5000), 0.4, plan, stage, 64)).toEqual({ x: 800 - 64, y: 600 - 64 });
    expect(clampPan(stagePoint(-5000, -5000), 0.4, plan, stage, 64)).toEqual({ x: 64 - 800, y: 64 - 400 });
  });
});

describe('viewCentrePercent', () => {
  it('is the middle of the plan right after a fit', () => {
    const stage = { width: 800, height: 600 };
    const centre = viewCentrePercent(fitViewport(plan, stage), stage, plan);
    expect(centre.x).toBeCloseTo(50, 9);
    expect(centre.y).toBeCloseTo(50, 9);
  });

  it('follows the view after a pan', () => {
    const stage = { width: 800, height: 600 };
    // Plan point 500,250 (25 %, 25 %) at the stage centre with scale 1.
    const centre = viewCentrePercent({ x: 400 - 500, y: 300 - 250, scale: 1 }, stage, plan);
    expect(centre).toEqual({ x: 25, y: 25 });
  });

  it('is clamped to 0..100 when the view centre is off the plan', () => {
    const stage = { width: 800, height: 600 };
    expect(viewCentrePercent({ x: 5000, y: -5000, scale: 1 }, stage, plan)).toEqual({ x: 0, y: 100 });
  });
});

describe('counterScale', () => {
  it('keeps the marker size in CSS px constant: scale x counterScale = 1', () => {
    for (const scale of [0.05, 0.4, 1, 3.5, 16]) expect(scale * counterScale(scale)).toBeCloseTo(1, 12);
  });

  it('falls back to 1 for a degenerate scale', () => {
    expect(counterScale(0)).toBe(1);
  });
});

describe('visibleLabelIds', () => {
  const label = (id: string, x: number, y: number, width = 60) => ({ id, at: stagePoint(x, y), width });

  it('shows every label when markers are far apart', () => {
    const shown = visibleLabelIds([label('a', 0, 0), label('b', 200, 0), label('c', 0, 200)], 13);
    expect([...shown].sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps the first of two colliding labels (priority order) and hides the other', () => {
    // Side by side 45 px apart: the 60 px labels overlap, neither covers the other marker.
    expect([...visibleLabelIds([label('error', 0, 0), label('online', 45, 0)], 13)]).toEqual(['error']);
    expect([...visibleLabelIds([label('online', 45, 0), label('error', 0, 0)], 13)]).toEqual(['online']);
  });

  it('hides a label that would cover another marker', () => {
    // b sits right where a's label is drawn, below a.
    const shown = visibleLabelIds([label('a', 0, 0), label('b', 0, LABEL_OFFSET_PX + LABEL_HEIGHT_PX / 2 + 30)], 13);
    expect(shown.has('a')).toBe(true);
    const crowded = visibleLabelIds([label('a', 0, 0), label('b', 0, LABEL_OFFSET_PX + 5)], 13);
    expect(crowded.has('a')).toBe(false);
  });

  it('shows labels that sit side by side when there is room', () => {
    const shown = visibleLabelIds([label('a', 0, 0, 60), label('b', 70, 0, 60)], 13);
    expect(shown.size).toBe(2);
  });
});
