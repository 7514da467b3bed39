import { useCallback, useEffect, useState } from 'react';
import { draftFor, writeDraft, type BookingDraft, type DraftFlights } from '../../lib/trip/booking-draft';
import { fitSeats } from './seat-selection';
import { newTraveller, type TravellerForm } from '../../lib/trip/traveller-form';

export type Leg = 'outbound' | 'return';

/** The booking page's state: the stored draft for these flights (else one form per searched traveller), saved on every change. */
export function useBookingDraft(flights: DraftFlights, userEmail: string | undefined, travellers = 1) {
  const [draft, setDraft] = useState<BookingDraft>(() => draftFor(flights, userEmail ?? '', travellers));

  useEffect(() => writeDraft(draft), [draft]);

  // The e-mail defaults to the signed-in user's once the profile is known.
  useEffect(() => {
    if (userEmail) setDraft((d) => (d.email ? d : { ...d, email: userEmail }));
  }, [userEmail]);

  const setField = useCallback(<K extends 'email' | 'phone'>(key: K, value: string) => setDraft((d) => ({ ...d, [key]: value })), []);

  const updateTraveller = useCallback(
    (id: number, patch: Partial<TravellerForm>) => setDraft((d) => ({ ...d, travellers: d.travellers.map((t) => (t.id === id ? { ...t, ...patch } : t)) })),
    [],
  );

  const addTraveller = useCallback(
    () =>
      setDraft((d) => ({
        ...d,
        travellers: [...d.travellers.map((t) => ({ ...t, expanded: false })), newTraveller(d.travellers.length + 1)],
      })),
    [],
  );

  /** Removes a traveller; the others are numbered again from 1 and extra seats are freed. */
  const removeTraveller = useCallback(
    (id: number) =>
      setDraft((d) => {
        const travellers = d.travellers.filter((t) => t.id !== id).map((t, i) => ({ ...t, id: i + 1 }));
        return { ...d, travellers, seats: fitSeats(d.seats, travellers.length), returnSeats: fitSeats(d.returnSeats, travellers.length) };
      }),
    [],
  );

  const setSeats = useCallback((leg: Leg, seats: string[]) => setDraft((d) => (leg === 'outbound' ? { ...d, seats } : { ...d, returnSeats: seats })), []);

  const expandAll = useCallback(
    (ids: ReadonlySet<number>) => setDraft((d) => ({ ...d, travellers: d.travellers.map((t) => (ids.has(t.id) ? { ...t, expanded: true } : t)) })),
    [],
  );

  return { draft, setField, updateTraveller, addTraveller, removeTraveller, setSeats, expandAll };
}
