import type { BoardingPass, Booking } from '../../../../../sync/schemas/booking';
import { QrCode } from '../../../components/ui/qr-code';
import { formatBookingDate, formatFlightTime } from '../../../lib/format';

type Leg = Booking['flightId'];

const place = (p: Leg['origin']) => `${p.city} (${p.code})`;

/** One traveller's pass for one flight: who, which flight and seat, when and where to board, and the signed QR code. */
export function BoardingPassCard({ booking, leg, pass }: { booking: Booking; leg: Leg; pass: BoardingPass }) {
  const traveller = booking.travellers.find((t) => t._id === pass.travellerId);
  const name = traveller ? `${traveller.firstName} ${traveller.lastName}` : 'Traveller';
  return (
    <article className="boarding-pass" aria-label={`Boarding pass for ${name}, flight ${leg.flightNumber}`}>
      <header className="boarding-pass-head">
        <p className="boarding-pass-brand">SkyWay boarding pass</p>
        <h2>{traveller ? `${traveller.title} ${name}` : name}</h2>
      </header>
      <p className="boarding-pass-route">
        {place(leg.origin)} → {place(leg.destination)}
      </p>
      <dl className="boarding-pass-facts">
        <div>
          <dt>Flight</dt>
          <dd>{leg.flightNumber}</dd>
        </div>
        <div>
          <dt>Seat</dt>
          <dd>{pass.seat}</dd>
        </div>
        <div>
          <dt>Class</dt>
          <dd>{booking.class}</dd>
        </div>
        <div>
          <dt>Booking reference</dt>
          <dd>{booking.bookingId}</dd>
        </div>
        <div>
          <dt>Departs</dt>
          <dd>
            {formatBookingDate(leg.departureTime, leg.origin.timeZone)} <span className="muted">({leg.origin.timeZone})</span>
          </dd>
        </div>
        <div>
          <dt>Arrives</dt>
          <dd>
            {formatBookingDate(leg.arrivalTime, leg.destination.timeZone)} <span className="muted">({leg.destination.timeZone})</span>
          </dd>
        </div>
        <div>
          <dt>Gate</dt>
          <dd>{leg.gate ?? 'Gate shown at the airport'}</dd>
        </div>
        <div>
          <dt>Boarding</dt>
          <dd>{leg.boardingTime ? formatFlightTime(leg.boardingTime, leg.origin.timeZone) : 'Shown at the airport'}</dd>
        </div>
      </dl>
      <QrCode className="boarding-pass-qr" value={pass.code} label={`Boarding pass QR code for ${name}`} />
    </article>
  );
}
