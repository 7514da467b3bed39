export function LoginPage() {
  return (
    <section className="page">
      <h1>Log in</h1>
      <p>Sign in to manage your bookings and payments.</p>
    </section>
  );
}
