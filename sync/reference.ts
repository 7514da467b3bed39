/** Booking references: 6 characters from an alphabet without 0, O, 1, I and L. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 6;

export function makeReference(randomIndex: (size: number) => number): string {
  let out = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) out += REFERENCE_ALPHABET[randomIndex(REFERENCE_ALPHABET.length)];
  return out;
}

export function isReference(value: string): boolean {
  return value.length === REFERENCE_LENGTH && [...value].every((c) => REFERENCE_ALPHABET.includes(c));
}
