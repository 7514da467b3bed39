import type { Traveller } from '../../../../sync/schemas/booking';
import { PrivateImage } from '../ui/private-image';

const two = (n: number) => String(n).padStart(2, '0');

/** A traveller as the booking holds them: photo, title, names, birth date and passport. */
export function TravellerFacts({ traveller, index }: { traveller: Traveller; index: number }) {
  const name = `${traveller.title} ${traveller.firstName} ${traveller.lastName}`;
  const { day, month, year } = traveller.dob;
  return (
    <section className="traveller-block" aria-label={`Traveller ${index + 1}`}>
      {traveller.image ? <PrivateImage url={traveller.image} alt={`Photo of ${name}`} className="traveller-photo" /> : null}
      <dl className="detail-list">
        <dt>Title</dt>
        <dd>{traveller.title}</dd>
        <dt>First name</dt>
        <dd>{traveller.firstName}</dd>
        <dt>Last name</dt>
        <dd>{traveller.lastName}</dd>
        <dt>Date of birth</dt>
        <dd>{`${year}-${two(month)}-${two(day)}`}</dd>
        <dt>Nationality</dt>
        <dd>{traveller.nationality}</dd>
        <dt>Passport number</dt>
        <dd>{traveller.passportNumber}</dd>
        <dt>Passport country</dt>
        <dd>{traveller.passportCountry}</dd>
        <dt>Passport expiry</dt>
        <dd>{traveller.passportExpiry}</dd>
      </dl>
    </section>
  );
}
