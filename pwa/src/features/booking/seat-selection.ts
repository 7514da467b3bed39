export type SeatToggle = { seats: string[]; full: boolean };

/**
 * A click on a seat: a chosen seat is freed; a free one is taken while fewer than `max` are chosen.
 * With one traveller a new seat replaces the old one; with more, a full choice stays as it is.
 */
export function toggleSeat(selected: readonly string[], seat: string, max: number): SeatToggle {
  if (selected.includes(seat)) return { seats: selected.filter((s) => s !== seat), full: false };
  if (selected.length < max) return { seats: [...selected, seat], full: false };
  if (max === 1) return { seats: [seat], full: false };
  return { seats: [...selected], full: true };
}

/** The chosen seats that someone else took meanwhile are dropped; the rest keep their order. */
export function withoutTaken(selected: readonly string[], taken: ReadonlySet<string>): string[] {
  return selected.filter((seat) => !taken.has(seat));
}

/** At most one seat per traveller: extra seats (after a traveller was removed) are dropped. */
export function fitSeats(selected: readonly string[], travellers: number): string[] {
  return selected.slice(0, travellers);
}
