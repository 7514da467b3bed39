/**
 * The home page's popular destinations (product rules §10.2), each served by an airport of the network; images come
 * from GET /api/images by title. A destination whose airport the network no longer has is not shown, and the note
 * under each is its real next flight from the schedule (no rating: nobody gave one).
 */
export type Destination = { name: string; code: string };

export const DESTINATIONS: readonly Destination[] = [
  { name: 'Thailand', code: 'BKK' },
  { name: 'Hong Kong', code: 'HKG' },
  { name: 'Maldives', code: 'MLE' },
  { name: 'Switzerland', code: 'ZRH' },
];
