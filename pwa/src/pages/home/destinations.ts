/** The four static cards of the home page (product rules §10.2); images come from GET /api/images by title. */
export type Destination = { name: string; rating: number; note: string };

export const DESTINATIONS: readonly Destination[] = [
  { name: 'Thailand', rating: 4.3, note: 'Next flight 26th Dec' },
  { name: 'Hong Kong', rating: 4.6, note: 'Daily 1 flight' },
  { name: 'Maldives', rating: 4.3, note: '2 flights every week' },
  { name: 'Switzerland', rating: 4.3, note: 'Filling fast, next flight 2nd Oct' },
];
