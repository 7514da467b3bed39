import { AirportDeleteBodySchema } from '../../sync/schemas/airport';
import { recordChange } from '../services/back-office/audit';
import { deleteAirport as removeAirport, getAirport } from '../services/catalogue/airports';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** An airport no flight uses; the audit keeps its code and name (recorded before the row goes, and undone with it on a refusal). */
export const deleteAirport = defineMutation({
  name: 'deleteAirport',
  args: AirportDeleteBodySchema,
  permission: mayEditCatalogue,
  async run(tx, deps, admin, { id }) {
    const now = deps.now();
    const airport = await getAirport(tx, id);
    await recordChange(tx, { action: 'airport.deleted', actorId: admin.id, entity: 'airport', entityId: airport.id, from: null, to: 'deleted' }, now);
    await removeAirport(tx, airport.id, now);
    return { result: undefined, effects: [] };
  },
});
