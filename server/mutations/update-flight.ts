import { z } from 'zod';
import type { Booking } from '../../sync/schemas/booking';
import { FlightUpdateBodySchema, type FlightUpdateBody } from '../../sync/schemas/flight';
import { pokeEffect, type Effect } from '../outbox/effects';
import { flightStatusEffects } from '../services/catalogue/flight-status';
import { checkScheduleChange, soldSeatsWarning } from '../services/catalogue/flight-schedule';
import { updateFlight as saveFlight } from '../services/catalogue/flight-writes';
import { notices, pushTo } from '../services/push/push-notices';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** New times, gate or boarding time show on the bookings (product rules §6.8): their travellers' devices are poked to pull. */
function travellersToTell(affected: Booking[], timesChanged: boolean, changes: FlightUpdateBody): Effect[] {
  const shown = timesChanged || changes.gate !== undefined || changes.boardingTime !== undefined;
  return shown && affected.length ? [pokeEffect([...new Set(affected.map((b) => b.userId._id))])] : [];
}

/**
 * An admin's change; new times must leave in the future and last at most 20 hours, and new times of a
 * flight with seats taken answer a warning. A new status is audited, mailed to every traveller booked on
 * the flight and poked; a new status, new times or a new gate is pushed to their browsers.
 */
export const updateFlight = defineMutation({
  name: 'updateFlight',
  args: z.object({ id: z.string().max(64), changes: FlightUpdateBodySchema }),
  locks: ({ id }) => ({ flights: [id] }),
  permission: mayEditCatalogue,
  async run(tx, deps, admin, { id, changes }) {
    const { timesChanged, departureChanged } = await checkScheduleChange(tx, deps.now(), id, changes);
    // A new departure makes the old boarding time wrong: it is cleared unless the edit gives one.
    const saved = departureChanged && changes.boardingTime === undefined ? { ...changes, boardingTime: null } : changes;
    const { flight, affected, statusChanged, news } = await saveFlight(tx, deps, id, saved, admin.id);
    const warning = timesChanged ? soldSeatsWarning(flight.availableSeats) : undefined;
    const told = Object.keys(news).length > 0 ? affected : [];
    const pushes = told.map((booking) => ({ userId: booking.userId._id, payload: notices.flightChanged(booking, flight.flightNumber, news) }));
    return {
      result: { flight, ...(warning ? { warning } : {}) },
      effects: [
        ...(statusChanged
          ? await flightStatusEffects(deps, tx, flight.flightNumber, flight.status, affected)
          : travellersToTell(affected, timesChanged, changes)),
        ...(await pushTo(tx, pushes)),
      ],
    };
  },
});
