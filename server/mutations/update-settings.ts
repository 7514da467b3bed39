import { SettingsBodySchema } from '../../sync/schemas/settings';
import { saveSettings } from '../services/back-office/settings';
import type { UserRow } from '../services/identity/users';
import { authorize } from '../policies';
import { defineMutation } from './mutation';

/** 'settings.edit': admins only. */
export function mayEditSettings(user: UserRow): void {
  authorize('settings.edit', user);
}

/** The whole settings object; an omitted mail password or SMTP URL keeps the stored one. */
export const updateSettings = defineMutation({
  name: 'updateSettings',
  args: SettingsBodySchema,
  permission: mayEditSettings,
  run(tx, ctx, _admin, body) {
    return { result: saveSettings(tx, body, ctx.now()), effects: [] };
  },
});
