import { Link } from 'react-router-dom';
import { useAirports } from '../../lib/trip/use-airports';

export function AboutPage() {
  const airports = useAirports().data?.length;
  return (
    <article className="page prose">
      <h1>About SkyWay</h1>
      <p className="prose-lead">
        SkyWay Airlines connects Africa, Europe, the Middle East, Asia and the Americas
        {airports ? `, with ${airports} destinations in our own network` : ' through our own network'}.
      </p>
      <h2>What we stand for</h2>
      <p>
        We believe a good trip starts long before boarding. That is why booking with SkyWay is simple: clear fares per traveller with nothing added at the end,
        seats you choose yourself, and a booking reference you can track at any time.
      </p>
      <h2>Safety first, always</h2>
      <p>
        Our aircraft are maintained to the highest international standards and our crews train throughout the year. Every flight follows the rules of the
        aviation authorities of the countries we fly to and from.
      </p>
      <h2>People who care</h2>
      <p>
        Our support team answers within two hours, every day of the year. Whether you need to change a name, upload a payment receipt or simply ask about
        baggage, we are here to help.
      </p>
      <p>
        Ready to go? <Link to="/">Search flights</Link> or <Link to="/contact">contact us</Link>.
      </p>
    </article>
  );
}
