export function TermsPage() {
  return (
    <article className="page prose">
      <h1>Terms &amp; Conditions</h1>
      <p className="prose-lead">These conditions apply to every booking made with SkyWay Airlines on this site. Please read them before you pay.</p>
      <h2>Fares and payment</h2>
      <p>
        Fares are shown per traveller and include taxes. The total you pay is the fare multiplied by the number of travellers, for each flight of your trip.
        Seats are held for you while your payment is pending and released if it is not received by the payment deadline.
      </p>
      <h2>Travel documents</h2>
      <p>
        Each traveller must hold a passport valid for the whole journey and any visa the destination requires. Enter names exactly as in the passport; a
        mismatch may prevent boarding.
      </p>
      <h2>Changes and cancellations</h2>
      <p>
        You may cancel a booking before departure. Paid bookings are refundable with a cancellation penalty, which is shown before you confirm the cancellation.
        If we cancel or significantly delay your flight, we will offer you another flight or a full refund.
      </p>
      <h2>Baggage</h2>
      <p>
        Economy fares include one cabin bag of up to 7 kg and one checked bag of up to 23 kg. Premium Economy, Business and First Class include additional
        allowances shown at check-in.
      </p>
      <h2>Liability</h2>
      <p>Our liability for passengers and baggage follows the Montreal Convention and the laws of the countries we operate in.</p>
    </article>
  );
}
