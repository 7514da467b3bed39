import { useState } from 'react';
import type { Flight } from '../../../../sync/schemas/flight';
import { Modal } from '../../components/ui/modal';
import { SeatLeg } from './seat-leg';
import type { Leg } from './use-booking-draft';

export type PickerLeg = { key: Leg; flight: Flight; seats: string[] };

type SeatPickerProps = {
  open: boolean;
  onClose: () => void;
  legs: readonly PickerLeg[];
  travellers: number;
  onSeats: (leg: Leg, seats: string[]) => void;
  /** Why the picker was reopened, for example a seat someone else just took. */
  notice?: string;
  onProceed: () => void;
};

const LEG_NAMES: Record<Leg, string> = { outbound: 'Outbound', return: 'Returning' };

const seatsText = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

/** The seat picker: one seat per traveller on each leg, a tab per leg on a round trip. */
export function SeatPicker({ open, onClose, legs, travellers, onSeats, notice, onProceed }: SeatPickerProps) {
  const [active, setActive] = useState<Leg>('outbound');
  const [problem, setProblem] = useState('');
  const leg = legs.find((l) => l.key === active) ?? legs[0];

  const proceed = () => {
    const missing = legs.find((l) => l.seats.length !== travellers);
    if (!missing) {
      setProblem('');
      onProceed();
      return;
    }
    setActive(missing.key);
    setProblem(`Choose ${seatsText(travellers)} on the ${LEG_NAMES[missing.key].toLowerCase()} flight (${missing.flight.flightNumber}).`);
  };

  const footer = (
    <button type="button" className="button" onClick={proceed}>
      Proceed To Payment
    </button>
  );

  return (
    <Modal open={open} onClose={onClose} title="Choose your seats" size="large" footer={footer}>
      {notice && (
        <p className="notice notice-error" role="alert">
          {notice}
        </p>
      )}
      {legs.length > 1 && (
        <div className="seat-tabs" role="tablist" aria-label="Flights">
          {legs.map((l) => (
            <button
              key={l.key}
              type="button"
              role="tab"
              id={`seat-tab-${l.key}`}
              aria-selected={l.key === leg?.key}
              aria-controls="seat-panel"
              className="seat-tab"
              onClick={() => setActive(l.key)}
            >
              {LEG_NAMES[l.key]} · {l.flight.origin.code} → {l.flight.destination.code} ({l.seats.length}/{travellers})
            </button>
          ))}
        </div>
      )}
      {leg && (
        <div id="seat-panel" role={legs.length > 1 ? 'tabpanel' : undefined} aria-labelledby={legs.length > 1 ? `seat-tab-${leg.key}` : undefined}>
          <p className="seat-instructions">
            {LEG_NAMES[leg.key]} flight {leg.flight.flightNumber}, {leg.flight.origin.city} to {leg.flight.destination.city}: choose {seatsText(travellers)},
            one per traveller.
          </p>
          <SeatLeg
            key={leg.key}
            flightId={leg.flight._id}
            label={`Seats on ${leg.flight.flightNumber}`}
            travellers={travellers}
            seats={leg.seats}
            onSeats={(seats) => onSeats(leg.key, seats)}
          />
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
