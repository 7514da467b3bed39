import type { UseQueryResult } from '@tanstack/react-query';
import type { Ref } from 'react';
import type { Flight } from '../../../../sync/schemas/flight';
import { Spinner } from '../../components/ui/spinner';
import { useClassRatio } from '../../lib/trip/use-class-ratio';
import type { CompleteSearch } from '../../lib/trip/search-values';
import { travelersLabel } from '../../lib/trip/search-values';
import { messageOf } from '../../lib/api-error';
import { formatListingDate } from '../../lib/format';
import { FlightCard } from './flight-card';

type FlightListProps = {
  query: UseQueryResult<Flight[]>;
  /** The flights to show, when the loaded ones need filtering. */
  flights?: Flight[];
  search: CompleteSearch;
  date: string;
  route: string;
  level: 1 | 2;
  headingRef?: Ref<HTMLHeadingElement>;
  onBook: (flight: Flight) => void;
};

function title(query: UseQueryResult<Flight[]>, count: number): string {
  if (query.isPending) return 'Searching flights';
  if (query.isError) return 'Flights could not be loaded';
  return `${count} Flight Available`;
}

export function FlightList({ query, flights, search, date, route, level, headingRef, onBook }: FlightListProps) {
  const shown = flights ?? query.data ?? [];
  const { ratio } = useClassRatio(search.travelClass);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="results" aria-busy={query.isPending}>
      <header className="results-header">
        <Heading ref={headingRef} tabIndex={-1} className="results-title">
          {title(query, shown.length)}
        </Heading>
        <p className="results-meta">
          <span>{route}</span>
          <time dateTime={date}>{formatListingDate(date)}</time>
          <span>{travelersLabel(search.travelers)}</span>
          <span>{search.travelClass}</span>
        </p>
      </header>
      {query.isPending && (
        <div className="results-state">
          <Spinner label="Loading flights" />
        </div>
      )}
      {query.isError && (
        <div className="results-state results-error" role="alert">
          <p>{messageOf(query.error)}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {query.isSuccess && shown.length === 0 && <p className="results-state results-empty">No flight available</p>}
      {shown.length > 0 && (
        <ul className="flight-grid">
          {shown.map((flight) => (
            <FlightCard
              key={flight._id}
              flight={flight}
              travelClass={search.travelClass}
              travelers={search.travelers}
              ratio={ratio}
              onBook={onBook}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
