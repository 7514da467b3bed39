const two = (n: number) => String(n).padStart(2, '0');

/** A countdown in minutes and seconds even past an hour: 3600 -> '60:00', 59 -> '00:59'. */
export function minutesClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}
