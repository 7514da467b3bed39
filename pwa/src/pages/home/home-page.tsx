import { lazy, Suspense, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { localToday } from '../../lib/trip/local-today';
import { SearchPanel } from '../../features/search/search-panel';
import { readStoredSearch } from '../../lib/trip/search-storage';
import { useAirports } from '../../lib/trip/use-airports';
import { storedToValues } from '../../lib/trip/stored-search';
import { DiscoverBanner } from './discover-banner';
import { HowItWorks } from './how-it-works';
import { PopularDestinations } from './popular-destinations';
import './home.css';

// NOTE: lazily loaded, and only for a signed-in device: it reads the device's bookings (Dexie), which a first visit never loads.
const BoardingSoon = lazy(() => import('./boarding-soon').then((m) => ({ default: m.BoardingSoon })));

export function HomePage() {
  const { user } = useAuth();
  const searchRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => storedToValues(readStoredSearch(), localToday()));
  // Every airport of the network is a destination; the figure comes from the network itself, not from a static text.
  const destinations = useAirports().data?.length;

  const goToSearch = () => {
    const form = searchRef.current;
    if (!form) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    form.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
    form.focus({ preventScroll: true });
  };

  return (
    <>
      {user ? (
        <Suspense fallback={null}>
          <BoardingSoon userId={user._id} />
        </Suspense>
      ) : null}
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <h1 id="hero-title">Ready to take off?</h1>
          <p className="hero-lead">
            Search flights to {destinations ? `${destinations} destinations` : 'every destination of our network'} and book your seat in a few steps.
          </p>
          <SearchPanel initial={initial} submitLabel="Find Flight" formRef={searchRef} />
        </div>
      </section>
      <div className="home-sections">
        <PopularDestinations />
        <HowItWorks destinations={destinations} />
      </div>
      <DiscoverBanner onBookFlight={goToSearch} />
    </>
  );
}
