import type { Flight } from '../../../../../sync/schemas/flight';
import { formatAdminDate, formatPrice } from '../../../lib/format';
import { EditIcon, TrashIcon } from '../../../components/ui/icons';
import { flightTone } from '../../../components/ui/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatHours } from './flight-times';

export const FLIGHT_COLUMNS = ['#', 'Flight No.', 'Origin', 'Destination', 'Departure', 'Arrival', 'Duration', 'Seats', 'Status', 'Price', 'Actions'] as const;

type FlightRowProps = { flight: Flight; position: number; onEdit: () => void; onDelete: () => void };

/** One flight: times in each airport's local time, the duration in hours, seats left. */
export function FlightRow({ flight, position, onEdit, onDelete }: FlightRowProps) {
  return (
    <tr>
      <td>{position}</td>
      <td>{flight.flightNumber}</td>
      <td>{`${flight.origin.city} (${flight.origin.code})`}</td>
      <td>{`${flight.destination.city} (${flight.destination.code})`}</td>
      <td>{formatAdminDate(flight.departureTime, flight.origin.timeZone)}</td>
      <td>{formatAdminDate(flight.arrivalTime, flight.destination.timeZone)}</td>
      <td>{formatHours(flight.duration)}</td>
      <td>{flight.availableSeats}</td>
      <td>
        <StatusBadge label={flight.status} tone={flightTone(flight.status)} />
      </td>
      <td>{formatPrice(flight.price)}</td>
      <td>
        <div className="row-actions">
          <button type="button" className="icon-button" aria-label={`Edit ${flight.flightNumber}`} onClick={onEdit}>
            <EditIcon />
          </button>
          <button type="button" className="icon-button icon-button-danger" aria-label={`Delete ${flight.flightNumber}`} onClick={onDelete}>
            <TrashIcon />
          </button>
        </div>
      </td>
    </tr>
  );
}
