import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BookingScreen } from '../../features/booking/booking-screen';
import { searchChoice } from '../../lib/trip/search-choice';

/** /booking?id=<flight>[&return=<flight>]; without an id, the flight stored by the search, else back. */
export function BookingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [choice] = useState(searchChoice);
  const id = params.get('id');
  const flightId = id ?? choice.flightId;
  const returnFlightId = id ? params.get('return') : choice.returnFlightId;

  useEffect(() => {
    if (!flightId) void navigate(-1);
  }, [flightId, navigate]);

  if (!flightId) return null;
  return <BookingScreen key={`${flightId}|${returnFlightId ?? ''}`} flights={{ flightId, returnFlightId }} travelClass={choice.travelClass} maxTravellers={choice.travelers} />;
}
