import { AirportUpdateBodySchema } from '../../sync/schemas/airport';
import { describeChanges, recordChange } from '../services/back-office/audit';
import { getAirport, updateAirport as saveAirport } from '../services/catalogue/airports';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

const FIELDS = ['code', 'name', 'city', 'country', 'timeZone'] as const;

/** A new code or zone; the flights that embed the airport are sent again on the next pull. Audited with what changed. */
export const updateAirport = defineMutation({
  name: 'updateAirport',
  args: AirportUpdateBodySchema,
  permission: mayEditCatalogue,
  async run(tx, deps, admin, { id, ...fields }) {
    const now = deps.now();
    const before = await getAirport(tx, id);
    const after = await saveAirport(tx, id, fields, now);
    const reason = describeChanges(FIELDS.map((name) => [name, before[name], after[name]] as const));
    if (reason)
      await recordChange(tx, { action: 'airport.updated', actorId: admin.id, entity: 'airport', entityId: after.id, from: null, to: 'updated', reason }, now);
    return { result: after, effects: [] };
  },
});
