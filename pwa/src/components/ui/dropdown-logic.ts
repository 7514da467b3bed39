export type DropdownOption<V extends string = string> = { value: V; label: string };

/** Spec §4: the list opens upward when less than 200 px remain below the control. */
export const MIN_SPACE_BELOW_PX = 200;
const PAGE_STEP = 10;

export function opensUpward(spaceBelow: number, spaceAbove: number): boolean {
  return spaceBelow < MIN_SPACE_BELOW_PX && spaceAbove > spaceBelow;
}

/** The option index a navigation key moves to in an open list, or null for other keys. No wrapping. */
export function movedIndex(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? 0 : Math.min(active + 1, last);
    case 'ArrowUp':
      return active < 0 ? last : Math.max(active - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(Math.max(active, 0) + PAGE_STEP, last);
    case 'PageUp':
      return Math.max(active - PAGE_STEP, 0);
    default:
      return null;
  }
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Options whose label contains the query, ignoring case and accents; labels that start with it first. */
export function filterOptions<V extends string>(options: readonly DropdownOption<V>[], query: string): DropdownOption<V>[] {
  const needle = normalise(query.trim());
  if (needle === '') return [...options];
  const matches = options.filter((option) => normalise(option.label).includes(needle));
  const starts = matches.filter((option) => normalise(option.label).startsWith(needle));
  return [...starts, ...matches.filter((option) => !starts.includes(option))];
}

/** Type-ahead of a select-only list: the next option after `from` whose label starts with the typed text. */
export function typeaheadIndex(labels: readonly string[], typed: string, from: number): number {
  const needle = normalise(typed);
  if (needle === '' || labels.length === 0) return -1;
  // Repeating one letter cycles through the options starting with it.
  const cycling = [...needle].every((char) => char === needle[0]);
  const start = cycling ? from + 1 : Math.max(from, 0);
  for (let step = 0; step < labels.length; step++) {
    const index = (start + step) % labels.length;
    const label = normalise(labels[index] ?? '');
    if (label.startsWith(needle) || (cycling && label.startsWith(needle[0] ?? ''))) return index;
  }
  return -1;
}
