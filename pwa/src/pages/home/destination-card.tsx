import type { Destination } from './destinations';
import type { MarketingImage } from './use-marketing-images';

// The seeded images are 800x560; the frame keeps that ratio before they load, so nothing shifts.
const WIDTH = 800;
const HEIGHT = 560;

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
        <p className="destination-rating" aria-label={`Rated ${destination.rating} out of 5`}>
          <span aria-hidden="true">★</span> {destination.rating.toFixed(1)}
        </p>
        <p className="destination-note">{destination.note}</p>
      </div>
    </li>
  );
}
