import { FlightBodySchema } from '../../sync/schemas/flight';
import { createFlight as insertFlight } from '../services/catalogue/flights';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

export const createFlight = defineMutation({
  name: 'createFlight',
  args: FlightBodySchema,
  permission: mayEditCatalogue,
  run(tx, ctx, _admin, body) {
    return { result: insertFlight(tx, ctx, body), effects: [] };
  },
});
