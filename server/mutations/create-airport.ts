import { AirportBodySchema } from '../../sync/schemas/airport';
import { authorize } from '../policies';
import { createAirport as insertAirport } from '../services/catalogue/airports';
import type { UserRow } from '../services/identity/users';
import { defineMutation } from './mutation';

/** 'catalogue.edit': admins only; airports and flights are the airline's own. */
export function mayEditCatalogue(user: UserRow): void {
  authorize('catalogue.edit', user);
}

export const createAirport = defineMutation({
  name: 'createAirport',
  args: AirportBodySchema,
  permission: mayEditCatalogue,
  run(tx, ctx, _admin, body) {
    return { result: insertAirport(tx, body, ctx.now()), effects: [] };
  },
});
