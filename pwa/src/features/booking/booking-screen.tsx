import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TravelClass } from '../../../../sync/constants';
import type { Flight } from '../../../../sync/schemas/flight';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useAuth } from '../../lib/auth';
import { ApiError, hasCode, messageOf } from '../../lib/api-error';
import { BookingHeader } from './booking-header';
import { BookingNotFound } from './booking-not-found';
import { BookingNotices } from './booking-notices';
import { BookingWaits } from './booking-waits';
import { bookingPath, type DraftFlights } from '../../lib/trip/booking-draft';
import { CouponBox } from './coupon-box';
import { FareSummary } from './fare-summary';
import { fareView } from '../../lib/trip/fare-view';
import { ItineraryCard } from './itinerary-card';
import { legView } from '../../lib/trip/leg-view';
import { SeatPicker, type PickerLeg } from './seat-picker';
import { TravellerDetails } from './traveller-details';
import { useClassRatio } from '../../lib/trip/use-class-ratio';
import { useBookingDraft } from './use-booking-draft';
import { useFlight } from '../../lib/trip/use-flight';
import '../../styles/booking.css';

/** The payment page sends the traveller back here, with the reason, when a chosen seat was taken meanwhile. */
function seatConflictOf(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'seatConflict' in state && typeof state.seatConflict === 'string' ? state.seatConflict : undefined;
}

/** No flight with that id (404), or an id no flight could have (400). */
function isMissingFlight(error: Error | null): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The flight is not loaded and its read waits for the network: paused offline, or failing to reach the server. */
function waitsForNetwork(read: { data: unknown; fetchStatus: string; failureReason: Error | null }): boolean {
  return read.data === undefined && (read.fetchStatus === 'paused' || hasCode(read.failureReason, 'network'));
}

type BookingScreenProps = { flights: DraftFlights; travelClass: TravelClass; maxTravellers: number };

/** Loads the flight(s) and the class's fare, then shows the itinerary, traveller details, fare summary and seat picker. */
export function BookingScreen({ flights, travelClass, maxTravellers }: BookingScreenProps) {
  const outbound = useFlight(flights.flightId);
  const inbound = useFlight(flights.returnFlightId);
  const fares = useClassRatio(travelClass);
  if (waitsForNetwork(outbound) || waitsForNetwork(inbound)) return <BookingWaits />;
  if (outbound.isPending || (flights.returnFlightId && inbound.isPending) || (fares.ratio === undefined && !fares.error))
    return <PageSpinner label="Loading your flight…" />;
  const error = outbound.error ?? inbound.error ?? (fares.ratio === undefined ? fares.error : null);
  if (isMissingFlight(outbound.error) || isMissingFlight(inbound.error)) return <BookingNotFound />;
  if (error || !outbound.data || fares.ratio === undefined) {
    return (
      <p className="page load-error" role="alert">
        {messageOf(error)}
      </p>
    );
  }
  return <BookingForm flights={flights} outbound={outbound.data} inbound={inbound.data} ratio={fares.ratio} maxTravellers={maxTravellers} />;
}

type BookingFormProps = { flights: DraftFlights; outbound: Flight; inbound: Flight | undefined; ratio: number; maxTravellers: number };

function BookingForm({ flights, outbound, inbound, ratio, maxTravellers }: BookingFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const conflict = seatConflictOf(useLocation().state);
  const booking = useBookingDraft(flights, user?.email, maxTravellers);
  const [pickerOpen, setPickerOpen] = useState(conflict !== undefined);
  const { draft } = booking;
  const travellers = draft.travellers.length;
  const legs: PickerLeg[] = [{ key: 'outbound', flight: outbound, seats: draft.seats }];
  if (inbound) legs.push({ key: 'return', flight: inbound, seats: draft.returnSeats });
  const fare = fareView(
    legs.map((l) => l.flight.price),
    travellers,
    ratio,
  );

  const proceed = () => {
    // NOTE: the target stays raw (not encoded), as the spec's link reads: /login?redirect=/booking?id=...
    void navigate(user ? '/payment' : `/login?redirect=${bookingPath(flights)}`);
  };

  return (
    <div className="page booking">
      <BookingHeader leg={legView(outbound)} roundTrip={inbound !== undefined} />
      <div className="booking-layout">
        <div className="booking-main">
          <ItineraryCard legs={legs.map((l) => ({ label: l.key === 'outbound' ? 'Departing' : 'Returning', view: legView(l.flight) }))} />
          <BookingNotices />
          <TravellerDetails
            booking={booking}
            maxTravellers={Math.max(maxTravellers, travellers)}
            lastDeparture={(inbound ?? outbound).departureTime}
            onContinue={() => setPickerOpen(true)}
          />
        </div>
        <aside className="booking-aside">
          <FareSummary fare={fare} />
          <CouponBox />
          <section className="booking-card" aria-label="Cancellation">
            <h2>Cancellation</h2>
            <p className="refund-note">Refundable(Penalty Applied)</p>
          </section>
        </aside>
      </div>
      <SeatPicker
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        legs={legs}
        travellers={travellers}
        onSeats={booking.setSeats}
        notice={conflict}
        onProceed={proceed}
      />
    </div>
  );
}
