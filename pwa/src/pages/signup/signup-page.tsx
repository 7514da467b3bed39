export function SignupPage() {
  return (
    <section className="page">
      <h1>Sign up</h1>
      <p>Create an account to book and follow your flights.</p>
    </section>
  );
}
