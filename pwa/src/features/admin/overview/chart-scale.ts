/** A round top for a chart axis at or above the largest value: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

export type Bar = { x: number; y: number; width: number; height: number };

/** Bars for `values` in a plot of `width` by `height`, scaled to `max`, with a gap between them. */
export function bars(values: readonly number[], width: number, height: number, max: number): Bar[] {
  const slot = values.length ? width / values.length : 0;
  const barWidth = Math.max(1, slot * 0.7);
  return values.map((value, index) => {
    const barHeight = max > 0 ? (Math.max(0, value) / max) * height : 0;
    return { x: index * slot + (slot - barWidth) / 2, y: height - barHeight, width: barWidth, height: barHeight };
  });
}
