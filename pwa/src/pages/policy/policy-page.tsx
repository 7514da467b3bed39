export function PolicyPage() {
  return (
    <article className="page prose">
      <h1>Privacy policy</h1>
      <p className="prose-lead">
        This policy explains which personal data SkyWay Airlines collects when you search, book and travel with us, why we need it and the choices you have.
      </p>
      <h2>Data we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address and, if you add them, phone number, nationality and address.</li>
        <li>Booking details: the names, dates of birth and passport details of each traveller, as required by border and security authorities.</li>
        <li>Payment details: the method, amount and any receipt you upload. We never store full card numbers.</li>
        <li>Support messages you send us and the replies we give.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        We use your data to issue and manage your booking, to confirm payments, to send the messages a booking needs (confirmation, changes, cancellation) and
        to answer your questions. We share passenger data only with the authorities and partners that a journey legally requires.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Booking and payment records are kept for as long as tax and aviation law require. You can ask us to delete your account at any time; records we must
        keep by law are kept apart and used for nothing else.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, ask us to correct or delete it, and object to its use. Write to our support team from the contact page and we will
        answer within 30 days.
      </p>
    </article>
  );
}
