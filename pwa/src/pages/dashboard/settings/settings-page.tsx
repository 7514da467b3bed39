import { SettingsCards } from '../../../features/admin/settings/settings-cards';

export function SettingsPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>Settings</h1>
      </div>
      <SettingsCards />
    </section>
  );
}
