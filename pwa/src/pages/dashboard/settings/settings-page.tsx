export function SettingsPage() {
  return (
    <section className="page">
      <h1>Settings</h1>
      <p>Payment, e-mail and contact settings.</p>
    </section>
  );
}
