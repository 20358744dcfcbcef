import { describe, expect, it } from 'vitest';
import { MAX_CACHE_SIDE, displayPixelsPerScreenPixel, planCachePixelRatio, wantsOriginal } from '../../src/scene/planResolution';

/** The 12 000 × 8 000 plan the server shrinks to a 4096 px wide display version. */
const HUGE = { naturalWidth: 12_000, displayWidth: 4096, hasOriginal: true };

describe('displayPixelsPerScreenPixel', () => {
  it('is the display px drawn per device px', () => {
    // Fitted to a 1200 CSS px stage: 0.1 CSS px per plan px, so 4096 display px over 1200 screen px.
    expect(displayPixelsPerScreenPixel(HUGE, 0.1, 1)).toBeCloseTo(4096 / 1200, 9);
    // A 2× screen needs twice the pixels.
    expect(displayPixelsPerScreenPixel(HUGE, 0.1, 2)).toBeCloseTo(4096 / 2400, 9);
    expect(displayPixelsPerScreenPixel(HUGE, 4096 / 12_000, 1)).toBeCloseTo(1, 9);
  });

  it('is infinite (never blurry) for a zero scale or an empty plan', () => {
    expect(displayPixelsPerScreenPixel(HUGE, 0, 1)).toBe(Infinity);
    expect(displayPixelsPerScreenPixel({ naturalWidth: 0, displayWidth: 0 }, 1, 1)).toBe(Infinity);
  });
});

describe('wantsOriginal', () => {
  it('wants the original exactly when the display version would be stretched', () => {
    const threshold = 4096 / 12_000;
    expect(wantsOriginal(HUGE, threshold * 0.999, 1)).toBe(false);
    expect(wantsOriginal(HUGE, threshold, 1)).toBe(false);
    expect(wantsOriginal(HUGE, threshold * 1.001, 1)).toBe(true);
    expect(wantsOriginal(HUGE, threshold * 0.6, 2)).toBe(true);
  });

  it('never wants an original that does not exist or is no larger', () => {
    expect(wantsOriginal({ ...HUGE, hasOriginal: false }, 5, 1)).toBe(false);
    expect(wantsOriginal({ naturalWidth: 2560, displayWidth: 2560, hasOriginal: true }, 5, 1)).toBe(false);
  });
});

describe('planCachePixelRatio', () => {
  it('caches at one cache px per device px while the whole plan fits the cache limit', () => {
    expect(planCachePixelRatio({ width: 12_000, height: 8_000 }, 0.1, 1)).toBeCloseTo(0.1, 12);
    expect(planCachePixelRatio({ width: 12_000, height: 8_000 }, 0.1, 2)).toBeCloseTo(0.2, 12);
    expect(planCachePixelRatio({ width: 4096, height: 100 }, 1, 1)).toBe(1);
  });

  it('does not cache past the limit or without a scale', () => {
    expect(planCachePixelRatio({ width: 12_000, height: 8_000 }, (MAX_CACHE_SIDE + 1) / 12_000, 1)).toBeNull();
    expect(planCachePixelRatio({ width: 8_000, height: 12_000 }, 0.2, 2)).toBeNull();
    expect(planCachePixelRatio({ width: 100, height: 100 }, 0, 1)).toBeNull();
  });
});
