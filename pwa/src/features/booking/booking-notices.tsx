/** The notices above the traveller details. */
export function BookingNotices() {
  return (
    <section className="booking-card booking-notices" aria-label="Important Information">
      <h2>Important Information</h2>
      <p>Check-in closes 60 minutes before departure. Carry the passport you enter below; it must be valid after your last flight.</p>
      <p className="notice notice-warning">Please make sure you enter the Name as per your passport</p>
      <p className="booking-note">Enter a valid passport number, this may affect your booking confirmation</p>
    </section>
  );
}
