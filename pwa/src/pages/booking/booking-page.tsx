import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BookingNotFound } from '../../features/booking/booking-not-found';
import { BookingScreen } from '../../features/booking/booking-screen';
import { searchChoice } from '../../lib/trip/search-choice';

/** /booking?id=<flight>[&return=<flight>]; without an id, the flight stored by the search, else 'Booking not found'. */
export function BookingPage() {
  const [params] = useSearchParams();
  const [choice] = useState(searchChoice);
  const id = params.get('id');
  const flightId = id ?? choice.flightId;
  const returnFlightId = id ? params.get('return') : choice.returnFlightId;

  if (!flightId) return <BookingNotFound />;
  return (
    <BookingScreen
      key={`${flightId}|${returnFlightId ?? ''}`}
      flights={{ flightId, returnFlightId }}
      travelClass={choice.travelClass}
      maxTravellers={choice.travelers}
    />
  );
}
