import { useEffect, useState } from 'react';
import { SeatGrid } from './seat-grid';
import { toggleSeat, withoutTaken } from './seat-selection';
import { useTakenSeats } from './use-taken-seats';

type SeatLegProps = {
  flightId: string;
  label: string;
  travellers: number;
  seats: readonly string[];
  onSeats: (seats: string[]) => void;
};

const NO_SEATS: ReadonlySet<string> = new Set();

/** The seat map of one leg: taken seats fetched when it opens, one seat per traveller. */
export function SeatLeg({ flightId, label, travellers, seats, onSeats }: SeatLegProps) {
  const taken = useTakenSeats(flightId);
  const [hint, setHint] = useState('');
  const takenSet = taken.data ?? NO_SEATS;

  // A seat chosen earlier and taken since is let go.
  useEffect(() => {
    if (!taken.data) return;
    const kept = withoutTaken(seats, taken.data);
    if (kept.length !== seats.length) onSeats(kept);
  }, [taken.data, seats, onSeats]);

  const onToggle = (seat: string) => {
    const next = toggleSeat(seats, seat, travellers);
    setHint(next.full ? `You have chosen ${travellers} seats, one per traveller. Tap a chosen seat to free it first.` : '');
    if (!next.full) onSeats(next.seats);
  };

  return (
    <div className="seat-leg">
      <p className="seat-count" aria-live="polite">
        {seats.length} of {travellers} {travellers === 1 ? 'seat' : 'seats'} chosen{seats.length ? `: ${seats.join(', ')}` : ''}
      </p>
      {taken.isError && <p className="field-hint">Taken seats could not be loaded; your choice is checked when you pay.</p>}
      <SeatGrid label={label} taken={takenSet} selected={seats} onToggle={onToggle} />
      <ul className="seat-legend" aria-label="Seat key">
        <li>
          <span className="seat-swatch" /> Available
        </li>
        <li>
          <span className="seat-swatch seat-swatch-selected" /> Selected
        </li>
        <li>
          <span className="seat-swatch seat-swatch-taken" /> Taken
        </li>
      </ul>
      {hint && (
        <p className="field-error" role="alert">
          {hint}
        </p>
      )}
    </div>
  );
}
