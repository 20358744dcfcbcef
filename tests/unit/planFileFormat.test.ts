import { describe, expect, it } from 'vitest';
import { formatBytes, formatPixels } from '../../src/screens/floor/plans/planFileFormat';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [166_000, '162 KB'],
    [1_468_006, '1.4 MB'],
    [25 * 1024 * 1024, '25 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [Number.NaN, '0 B'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('formatPixels', () => {
  it('writes width × height px', () => {
    expect(formatPixels(9355, 6623)).toBe('9355 × 6623 px');
  });
});
