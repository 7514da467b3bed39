import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TravelClass } from '../../../../sync/constants';
import type { Flight } from '../../../../sync/schemas/flight';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useToast } from '../../components/ui/use-toast';
import { hasCode, messageOf } from '../../lib/api-error';
import { bookingPath, type BookingDraft } from '../../lib/trip/booking-draft';
import { fareView } from '../../lib/trip/fare-view';
import { useClassRatio } from '../../lib/trip/use-class-ratio';
import { useFlight } from '../../lib/trip/use-flight';
import { BookingSummary } from './booking-summary';
import { PaymentModal } from './payment-modal';
import type { MethodInfo } from './payment-methods';
import { PaymentOptions } from './payment-options';
import { usePlaceBooking } from './use-place-booking';
import '../../styles/booking.css';
import './payment.css';

type PaymentScreenProps = { draft: BookingDraft; travelClass: TravelClass };

/** Loads the draft's flights, then the five methods beside 'Your Booking'. */
export function PaymentScreen({ draft, travelClass }: PaymentScreenProps) {
  const outbound = useFlight(draft.flightId);
  const inbound = useFlight(draft.returnFlightId);
  const fares = useClassRatio(travelClass);
  if (outbound.isPending || (draft.returnFlightId && inbound.isPending) || (fares.ratio === undefined && !fares.error))
    return <PageSpinner label="Loading your booking…" />;
  const error = outbound.error ?? inbound.error ?? (fares.ratio === undefined ? fares.error : null);
  if (error || !outbound.data || fares.ratio === undefined) {
    return (
      <p className="page load-error" role="alert">
        {messageOf(error)}
      </p>
    );
  }
  const flights = inbound.data ? [outbound.data, inbound.data] : [outbound.data];
  return <PaymentChoice draft={draft} travelClass={travelClass} flights={flights} ratio={fares.ratio} />;
}

function PaymentChoice({ draft, travelClass, flights, ratio }: PaymentScreenProps & { flights: Flight[]; ratio: number }) {
  const navigate = useNavigate();
  const toast = useToast();
  const fare = fareView(
    flights.map((f) => f.price),
    draft.travellers.length,
    ratio,
  );
  const place = usePlaceBooking(draft, { travelClass, totalCents: fare.totalCents });
  const [open, setOpen] = useState<MethodInfo | null>(null);

  const choose = (info: MethodInfo) => {
    place.reset();
    setOpen(info);
    if (!info.method) return;
    place.mutate(
      { method: info.method },
      {
        onError: (failure) => {
          setOpen(null);
          const message = messageOf(failure);
          if (hasCode(failure, 'seat_unavailable')) void navigate(bookingPath(draft), { state: { seatConflict: message } });
          else toast.error(message);
        },
      },
    );
  };

  return (
    <div className="page payment">
      <h1>Choose how to pay</h1>
      <div className="payment-layout">
        <PaymentOptions onChoose={choose} />
        <BookingSummary draft={draft} flights={flights} travelClass={travelClass} fare={fare} />
      </div>
      <PaymentModal info={open} placing={place} onClose={() => setOpen(null)} />
    </div>
  );
}
