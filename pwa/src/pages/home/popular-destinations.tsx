import { useAirports } from '../../lib/trip/use-airports';
import { DestinationCard } from './destination-card';
import { DESTINATIONS } from './destinations';
import { useMarketingImages } from './use-marketing-images';

export function PopularDestinations() {
  const images = useMarketingImages();
  const airports = useAirports().data;
  // Only destinations the network serves (all four until the airports are known).
  const served = DESTINATIONS.filter((d) => !airports || airports.some((a) => a.code === d.code));
  const imageFor = (name: string) => images.data?.find((image) => image.title?.toLowerCase() === name.toLowerCase());

  return (
    <section className="home-section" aria-labelledby="popular-destinations">
      <div className="section-heading">
        <h2 id="popular-destinations">Popular Destinations</h2>
        <p>Places our travellers love, with flights that fit your plans.</p>
      </div>
      <ul className="destination-grid">
        {served.map((destination) => (
          <DestinationCard key={destination.name} destination={destination} image={imageFor(destination.name)} />
        ))}
      </ul>
    </section>
  );
}
