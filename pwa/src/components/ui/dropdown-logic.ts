export type DropdownOption<V extends string = string> = {
  value: V;
  label: string;
  /** More text the filter searches besides the label (an airport's code, name and country). */
  keywords?: readonly string[];
};

/** Product rules §10.8: the list opens upward when less than 200 px remain below the control. */
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

const EXACT = 0;
const PREFIX = 1;
const INSIDE = 2;

/** How well an option matches: a keyword equal to the query, then a text starting with it, then containing it. */
function matchRank(option: DropdownOption, needle: string): number | null {
  const keywords = (option.keywords ?? []).map(normalise);
  if (keywords.includes(needle)) return EXACT;
  const texts = [normalise(option.label), ...keywords];
  if (texts.some((text) => text.startsWith(needle))) return PREFIX;
  return texts.some((text) => text.includes(needle)) ? INSIDE : null;
}

/** Options whose label or keywords contain the query, ignoring case and accents, the best matches first. */
export function filterOptions<V extends string>(options: readonly DropdownOption<V>[], query: string): DropdownOption<V>[] {
  const needle = normalise(query.trim());
  if (needle === '') return [...options];
  return options
    .map((option) => ({ option, rank: matchRank(option, needle) }))
    .filter((match): match is { option: DropdownOption<V>; rank: number } => match.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .map((match) => match.option);
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
