import { FlightIdParamsSchema } from '../../sync/schemas/flight';
import { deleteFlight as removeFlight } from '../services/catalogue/flight-writes';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** A flight nobody booked; the audit keeps its number, route, date, price and times. */
export const deleteFlight = defineMutation({
  name: 'deleteFlight',
  args: FlightIdParamsSchema,
  locks: ({ id }) => ({ flights: [id] }),
  permission: mayEditCatalogue,
  async run(tx, deps, admin, { id }) {
    await removeFlight(tx, id, deps.now(), admin.id);
    return { result: undefined, effects: [] };
  },
});
