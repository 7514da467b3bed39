import { formatBookingDate } from '../../lib/format';
import type { Destination } from './destinations';
import type { MarketingImage } from './use-marketing-images';
import { useNextFlight } from './use-next-flight';

// The seeded images are 800x560; the frame keeps that ratio before they load, so nothing shifts.
const WIDTH = 800;
const HEIGHT = 560;

/** What the schedule says of the destination: its next flight (local time at the origin), or none this week. */
function NextFlightNote({ code }: { code: string }) {
  const next = useNextFlight(code);
  // NOTE: the line is kept while the schedule is asked, so the card does not grow when the answer comes.
  if (next === undefined) return <p className="destination-note">{'\u00a0'}</p>;
  if (next === null) return <p className="destination-note">No flight in the coming week</p>;
  return (
    <p className="destination-note">
      Next flight {formatBookingDate(next.departureTime, next.origin.timeZone)} from {next.origin.city}
    </p>
  );
}

export function DestinationCard({ destination, image }: { destination: Destination; image?: MarketingImage }) {
  return (
    <li className="destination-card">
      <div className="destination-image">
        {image && (
          <img
            src={image.imageUrl}
            alt={`View of ${destination.name}`}
            width={image.width || WIDTH}
            height={image.height || HEIGHT}
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      <div className="destination-body">
        <h3 className="destination-name">{destination.name}</h3>
        <NextFlightNote code={destination.code} />
      </div>
    </li>
  );
}
