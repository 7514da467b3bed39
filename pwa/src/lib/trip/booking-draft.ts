import { z } from 'zod';
import { TITLES } from '../../../../sync/constants';
import { newTraveller, type TravellerForm } from './traveller-form';

export const BOOKING_DRAFT_KEY = 'bookingDraft';

const TravellerFormSchema = z.object({
  id: z.number().int(),
  title: z.enum(TITLES),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.object({ day: z.string(), month: z.string(), year: z.string() }),
  nationality: z.string(),
  passportNumber: z.string(),
  passportCountry: z.string(),
  passportExpiry: z.string(),
  expanded: z.boolean(),
}) satisfies z.ZodType<TravellerForm>;

/** What the booking page collects; kept in localStorage so it survives the login detour and a reload. */
const BookingDraftSchema = z.object({
  flightId: z.string().min(1),
  returnFlightId: z.string().nullable(),
  travellers: z.array(TravellerFormSchema).min(1),
  email: z.string(),
  phone: z.string(),
  seats: z.array(z.string()),
  returnSeats: z.array(z.string()),
  /** The traveller count of the search the draft was made for: a new search with another count resizes it. */
  searched: z.number().int().optional(),
});
export type BookingDraft = z.infer<typeof BookingDraftSchema>;

export type DraftFlights = { flightId: string; returnFlightId: string | null };

function emptyDraft(flights: DraftFlights, email: string, travellers: number): BookingDraft {
  const forms = Array.from({ length: Math.max(1, travellers) }, (_, i) => newTraveller(i + 1));
  return { ...flights, travellers: forms, email, phone: '', seats: [], returnSeats: [], searched: travellers };
}

/**
 * The stored draft sized for a new search's count: the travellers who remain keep what was typed, new ones get
 * empty forms, and seats beyond the count are freed. A draft made for this same count is kept as it is (a traveller
 * added or removed on the booking page survives a reload).
 */
function resized(draft: BookingDraft, travellers: number): BookingDraft {
  if (draft.searched === travellers || travellers < 1) return draft;
  const kept = draft.travellers.slice(0, travellers);
  const added = Array.from({ length: travellers - kept.length }, (_, i) => newTraveller(kept.length + i + 1));
  return {
    ...draft,
    travellers: [...kept, ...added],
    seats: draft.seats.slice(0, travellers),
    returnSeats: draft.returnSeats.slice(0, travellers),
    searched: travellers,
  };
}

export function readDraft(): BookingDraft | null {
  try {
    const parsed = BookingDraftSchema.safeParse(JSON.parse(localStorage.getItem(BOOKING_DRAFT_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored draft when it is for these flights (sized for the search's count), else a fresh one with a form per searched traveller. */
export function draftFor(flights: DraftFlights, email: string, travellers: number): BookingDraft {
  const stored = readDraft();
  const same = stored && stored.flightId === flights.flightId && stored.returnFlightId === flights.returnFlightId;
  return same ? resized(stored, travellers) : emptyDraft(flights, email, travellers);
}

export function writeDraft(draft: BookingDraft): void {
  try {
    localStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // NOTE: storage can be full or disabled (private mode); the page keeps working, only a reload forgets.
  }
}

export function clearDraft(): void {
  localStorage.removeItem(BOOKING_DRAFT_KEY);
}

/** The booking page's address for these flights: where login returns to and Review booking points. */
export function bookingPath({ flightId, returnFlightId }: DraftFlights): string {
  const back = returnFlightId ? `&return=${encodeURIComponent(returnFlightId)}` : '';
  return `/booking?id=${encodeURIComponent(flightId)}${back}`;
}
