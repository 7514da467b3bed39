import { AirportBodySchema } from '../../sync/schemas/airport';
import { authorize } from '../policies';
import { recordChange } from '../services/back-office/audit';
import { createAirport as insertAirport } from '../services/catalogue/airports';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'catalogue.edit': admins only; airports and flights are the airline's own. */
export function mayEditCatalogue(user: UserRow): void {
  authorize('catalogue.edit', user);
}

/** An admin's new airport, audited with its code, name and time zone. */
export const createAirport = defineMutation({
  name: 'createAirport',
  args: AirportBodySchema,
  permission: mayEditCatalogue,
  async run(tx, deps, admin, body) {
    const now = deps.now();
    const airport = await insertAirport(tx, body, now);
    const reason = `${airport.country}; time zone ${airport.timeZone}`;
    await recordChange(tx, { action: 'airport.created', actorId: admin.id, entity: 'airport', entityId: airport.id, from: null, to: 'created', reason }, now);
    return { result: airport, effects: [] };
  },
});
