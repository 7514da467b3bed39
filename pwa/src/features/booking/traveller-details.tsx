import { useState } from 'react';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { localToday } from '../../lib/trip/local-today';
import { checkDetails } from './details-check';
import { TravellerSection } from './traveller-section';
import type { useBookingDraft } from './use-booking-draft';

type TravellerDetailsProps = {
  booking: ReturnType<typeof useBookingDraft>;
  maxTravellers: number;
  /** Departure of the last leg: passports must stay valid after it. */
  lastDeparture: string;
  onContinue: () => void;
};

/** Traveler Details: an 'Adult {n}' section per traveller, contact fields and Continue. */
export function TravellerDetails({ booking, maxTravellers, lastDeparture, onContinue }: TravellerDetailsProps) {
  const { draft } = booking;
  const toast = useToast();
  // Messages show once Continue was pressed, then follow the typing.
  const [checked, setChecked] = useState(false);
  const check = checkDetails(draft, localToday(), lastDeparture);
  const shown = checked ? check : undefined;

  const onSubmit = () => {
    setChecked(true);
    if (check.first === undefined) {
      onContinue();
      return;
    }
    booking.expandAll(new Set(check.travellers.keys()));
    toast.error(check.first);
  };

  return (
    <section className="booking-card traveller-details" aria-labelledby="traveller-details-title">
      <h2 id="traveller-details-title">Traveler Details</h2>
      {draft.travellers.map((traveller) => (
        <TravellerSection
          key={traveller.id}
          traveller={traveller}
          errors={shown?.travellers.get(traveller.id) ?? {}}
          onChange={(patch) => booking.updateTraveller(traveller.id, patch)}
          onRemove={traveller.id > 1 ? () => booking.removeTraveller(traveller.id) : undefined}
        />
      ))}
      {draft.travellers.length < maxTravellers && (
        <button type="button" className="button button-secondary" onClick={booking.addTraveller}>
          Add New Adult
        </button>
      )}
      <div className="traveller-contact">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={draft.email}
          error={shown?.contact.email}
          hint="Booking e-mails go to your account's address; this one finds the booking on the Track page"
          onChange={(e) => booking.setField('email', e.target.value)}
        />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          value={draft.phone}
          error={shown?.contact.phone}
          onChange={(e) => booking.setField('phone', e.target.value)}
        />
      </div>
      <button type="button" className="button booking-continue" onClick={onSubmit}>
        Continue
      </button>
    </section>
  );
}
