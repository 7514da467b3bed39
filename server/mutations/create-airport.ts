import { AirportBodySchema } from '../../sync/schemas/airport';
import { forbidden } from '../errors';
import { createAirport as insertAirport } from '../services/airports';
import type { UserRow } from '../services/users';
import { defineMutation } from './mutation';

/** Admins only: airports, flights and settings are the airline's own. */
export function mayEditCatalogue(user: UserRow): void {
  if (user.role !== 'admin') throw forbidden();
}

export const createAirport = defineMutation({
  name: 'createAirport',
  args: AirportBodySchema,
  permission: mayEditCatalogue,
  run(tx, ctx, _admin, body) {
    return { result: insertAirport(tx, body, ctx.now()), effects: [] };
  },
});
