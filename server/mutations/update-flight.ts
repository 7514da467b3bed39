import { z } from 'zod';
import { FlightUpdateBodySchema } from '../../sync/schemas/flight';
import { flightStatusEffects } from '../services/catalogue/flight-status';
import { updateFlight as saveFlight } from '../services/catalogue/flights';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** An admin's change; a new status is audited, mailed to every traveller booked on the flight and poked. */
export const updateFlight = defineMutation({
  name: 'updateFlight',
  args: z.object({ id: z.string().max(64), changes: FlightUpdateBodySchema }),
  permission: mayEditCatalogue,
  run(tx, ctx, admin, { id, changes }) {
    const { flight, affected, statusChanged } = saveFlight(tx, ctx, id, changes, admin.id);
    return { result: flight, effects: statusChanged ? flightStatusEffects(ctx, tx, flight.flightNumber, flight.status, affected) : [] };
  },
});
