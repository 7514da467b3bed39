import { FlightIdParamsSchema } from '../../sync/schemas/flight';
import { deleteFlight as removeFlight } from '../services/catalogue/flights';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** A flight nobody booked. */
export const deleteFlight = defineMutation({
  name: 'deleteFlight',
  args: FlightIdParamsSchema,
  permission: mayEditCatalogue,
  run(tx, ctx, _admin, { id }) {
    removeFlight(tx, id, ctx.now());
    return { result: undefined, effects: [] };
  },
});
