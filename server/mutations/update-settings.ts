import { SettingsBodySchema } from '../../sync/schemas/settings';
import { recordChange } from '../services/back-office/audit';
import { readSettingsToWrite, saveSettings, type StoredSettings } from '../services/back-office/settings';
import type { UserRow } from '../actor';
import { authorize } from '../policies';
import { defineMutation } from './mutation';

/** 'settings.edit': admins only. */
export function mayEditSettings(user: UserRow): void {
  authorize('settings.edit', user);
}

/** The names of the settings that differ (never their values: the mail password and SMTP URL are secrets). */
function changedSettings(before: StoredSettings, after: StoredSettings): string[] {
  return (Object.keys(after) as (keyof StoredSettings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** The whole settings object; an omitted mail password or SMTP URL keeps the stored one. Audited with the names of what changed. */
export const updateSettings = defineMutation({
  name: 'updateSettings',
  args: SettingsBodySchema,
  locks: () => ({ settings: true }),
  permission: mayEditSettings,
  async run(tx, deps, admin, body) {
    const now = deps.now();
    const before = await readSettingsToWrite(tx);
    const after = await saveSettings(tx, body, now);
    const changed = changedSettings(before, after);
    if (changed.length) {
      await recordChange(
        tx,
        { action: 'settings.updated', actorId: admin.id, entity: 'settings', entityId: 'settings', from: null, to: 'updated', reason: changed.join(', ') },
        now,
      );
    }
    return { result: after, effects: [] };
  },
});
