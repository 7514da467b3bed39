import { FlightBodySchema } from '../../sync/schemas/flight';
import { createFlight as insertFlight } from '../services/catalogue/flight-writes';
import { checkSchedule } from '../services/catalogue/flight-schedule';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** An admin's new flight: it leaves in the future and lasts at most 20 hours; audited. */
export const createFlight = defineMutation({
  name: 'createFlight',
  args: FlightBodySchema,
  permission: mayEditCatalogue,
  async run(tx, deps, admin, body) {
    checkSchedule(deps.now(), body.departureTime, body.arrivalTime);
    return { result: await insertFlight(tx, deps, body, admin.id), effects: [] };
  },
});
