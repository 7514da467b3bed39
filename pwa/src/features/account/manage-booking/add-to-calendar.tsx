import { useEffect } from 'react';
import { airportNames } from '../../../local/device-reads';
import { downloadFile } from '../../../components/ui/download-file';
import type { Booking } from '../../../../../sync/schemas/booking';
import type * as Itinerary from '../../../../../sync/itinerary';

type Writer = typeof Itinerary;
let writer: Promise<Writer> | undefined;

/** The calendar writer (with its iCalendar library) loads with the booking's page, so the button works offline. */
function loadWriter(): Promise<Writer> {
  writer ??= import('../../../../../sync/itinerary').catch((error: unknown) => {
    writer = undefined;
    throw error;
  });
  return writer;
}

/** Writes the booking's .ics on the device (airport names from the synced catalogue). */
async function saveItinerary(booking: Booking): Promise<void> {
  const legs = [booking.flightId, booking.returnFlightId].filter((leg) => leg !== null);
  const ids = [...new Set(legs.flatMap((leg) => [leg.origin._id, leg.destination._id]))];
  const [{ itineraryFileName, itineraryIcs }, names] = await Promise.all([loadWriter(), airportNames(ids)]);
  const ics = itineraryIcs(booking, (id) => names.get(id), new Date());
  downloadFile(itineraryFileName(booking), new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
}

/** 'Add to calendar': one event per flight, for the phone's or computer's calendar. */
export function AddToCalendar({ booking }: { booking: Booking }) {
  useEffect(() => {
    loadWriter().catch(() => undefined);
  }, []);
  return (
    <button type="button" className="button button-secondary" onClick={() => void saveItinerary(booking)}>
      Add to calendar
    </button>
  );
}
