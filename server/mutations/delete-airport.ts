import { AirportDeleteBodySchema } from '../../sync/schemas/airport';
import { deleteAirport as removeAirport } from '../services/catalogue/airports';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** An airport no flight uses. */
export const deleteAirport = defineMutation({
  name: 'deleteAirport',
  args: AirportDeleteBodySchema,
  permission: mayEditCatalogue,
  run(tx, ctx, _admin, { id }) {
    removeAirport(tx, id, ctx.now());
    return { result: undefined, effects: [] };
  },
});
