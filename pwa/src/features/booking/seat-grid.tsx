import { SEAT_ROWS, SEATS_PER_ROW } from '../../../../sync/constants';

type SeatGridProps = {
  label: string;
  taken: ReadonlySet<string>;
  selected: readonly string[];
  onToggle: (seat: string) => void;
};

const seatNumbers = Array.from({ length: SEATS_PER_ROW }, (_, i) => i + 1);

/** 6 rows by 4 seats, A1 to F4: each seat a button named by its label, pressed when chosen. */
export function SeatGrid({ label, taken, selected, onToggle }: SeatGridProps) {
  return (
    <div className="seat-grid" role="group" aria-label={label}>
      {SEAT_ROWS.map((row) => (
        <div key={row} className="seat-row">
          {seatNumbers.map((n) => {
            const seat = `${row}${n}`;
            const isTaken = taken.has(seat);
            const isSelected = selected.includes(seat);
            return (
              <button
                key={seat}
                type="button"
                className={['seat', isTaken && 'seat-taken', isSelected && 'seat-selected'].filter(Boolean).join(' ')}
                aria-pressed={isSelected}
                disabled={isTaken}
                title={isTaken ? `${seat} is taken` : undefined}
                onClick={() => onToggle(seat)}
              >
                {seat}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
