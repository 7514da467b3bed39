import { describe, expect, it } from 'vitest';
import { bars, niceMax } from './chart-scale';

describe('chart scale', () => {
  it('rounds the axis top up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.4, 1, 3, 7, 10, 11, 180, 2_345].map(niceMax)).toEqual([1, 0.5, 1, 5, 10, 10, 20, 200, 5_000]);
  });

  it('places one bar per value, scaled to the top, standing on the base line', () => {
    const [a, b, c] = bars([0, 5, 10], 300, 100, 10);
    expect(a).toMatchObject({ height: 0, y: 100 });
    expect(b).toMatchObject({ height: 50, y: 50 });
    expect(c).toMatchObject({ height: 100, y: 0 });
    expect(b && c && c.x - b.x).toBe(100);
    expect(b?.width).toBe(70);
  });
});
