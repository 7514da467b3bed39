import type { BookingDraft } from '../../lib/trip/booking-draft';
import { contactErrors, type ContactErrors } from './contact-fields';
import { travellerErrors, type TravellerErrors } from '../../lib/trip/traveller-form';

export type DetailsCheck = {
  travellers: ReadonlyMap<number, TravellerErrors>;
  contact: ContactErrors;
  /** The first problem in page order, for the toast; undefined when all is well. */
  first: string | undefined;
};

/** What Continue checks: every traveller, then the e-mail and the mobile number. */
export function checkDetails(draft: BookingDraft, today: string, lastDeparture: string): DetailsCheck {
  const travellers = new Map<number, TravellerErrors>();
  for (const t of draft.travellers) {
    const errors = travellerErrors(t, today, lastDeparture);
    if (Object.keys(errors).length) travellers.set(t.id, errors);
  }
  const contact = contactErrors(draft.email, draft.phone);
  const firstTraveller = [...travellers.entries()][0];
  const travellerProblem = firstTraveller ? `Adult ${firstTraveller[0]}: ${Object.values(firstTraveller[1])[0] ?? ''}` : undefined;
  return { travellers, contact, first: travellerProblem ?? contact.email ?? contact.phone };
}
