import { AirportUpdateBodySchema } from '../../sync/schemas/airport';
import { updateAirport as saveAirport } from '../services/catalogue/airports';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** A new code or zone; the flights that embed the airport are sent again on the next pull. */
export const updateAirport = defineMutation({
  name: 'updateAirport',
  args: AirportUpdateBodySchema,
  permission: mayEditCatalogue,
  run(tx, ctx, _admin, { id, ...fields }) {
    return { result: saveAirport(tx, id, fields, ctx.now()), effects: [] };
  },
});
