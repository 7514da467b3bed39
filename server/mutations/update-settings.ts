import { SettingsBodySchema } from '../../sync/schemas/settings';
import { saveSettings } from '../services/settings';
import { mayEditCatalogue } from './create-airport';
import { defineMutation } from './mutation';

/** The whole settings object; an omitted mail password or SMTP URL keeps the stored one. */
export const updateSettings = defineMutation({
  name: 'updateSettings',
  args: SettingsBodySchema,
  permission: mayEditCatalogue,
  run(tx, ctx, _admin, body) {
    return { result: saveSettings(tx, body, ctx.now()), effects: [] };
  },
});
