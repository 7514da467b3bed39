import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode, type Ref } from 'react';
import type { Flight } from '../../../../sync/schemas/flight';
import { Spinner } from '../../components/ui/spinner';
import { useClassRatio } from '../../lib/trip/use-class-ratio';
import type { CompleteSearch } from '../../lib/trip/search-values';
import type { FlightsAnswer } from '../../lib/trip/use-flights';
import { travelersLabel } from '../../lib/trip/search-values';
import { messageOf } from '../../lib/api-error';
import { formatListingDate } from '../../lib/format';
import { arrangeFlights, dayPartOf, DAY_PARTS, DEFAULT_ARRANGEMENT, fareRange, isFiltered, type DayPart } from './arrange-flights';
import { FlightCard } from './flight-card';
// NOTE: loaded with the listing, not lazily: a device's answer says so in the same render that shows its fares (#48).
import { OfflineEmpty, OfflineNote } from './offline-answer';
import { SortFilter } from './sort-filter';

type FlightListProps = {
  query: UseQueryResult<FlightsAnswer>;
  /** The flights to show, when the loaded ones need filtering. */
  flights?: Flight[];
  search: CompleteSearch;
  date: string;
  route: string;
  level: 1 | 2;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Shown between the heading and the flights (the outbound step's date strip). */
  children?: ReactNode;
  onBook: (flight: Flight) => void;
};

function title(query: UseQueryResult<FlightsAnswer>, count: number): string {
  if (query.isPending) return 'Searching flights';
  if (query.isError) return 'Flights could not be loaded';
  return `${count} Flight Available`;
}

function countByPart(flights: Flight[]): Record<DayPart, number> {
  const counts = Object.fromEntries(DAY_PARTS.map((part) => [part.key, 0])) as Record<DayPart, number>;
  for (const flight of flights) counts[dayPartOf(flight)] += 1;
  return counts;
}

export function FlightList({ query, flights, search, date, route, level, headingRef, children, onBook }: FlightListProps) {
  const loaded = flights ?? query.data?.flights ?? [];
  const syncedAt = query.data?.syncedAt;
  const { ratio } = useClassRatio(search.travelClass);
  const [arrangement, setArrangement] = useState(DEFAULT_ARRANGEMENT);
  const shown = arrangeFlights(loaded, arrangement, ratio ?? 1);
  const filtered = isFiltered(arrangement);
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
      {syncedAt !== undefined && <OfflineNote syncedAt={syncedAt} />}
      {children}
      {loaded.length > 0 && (
        <SortFilter
          arrangement={arrangement}
          onChange={setArrangement}
          partCounts={countByPart(loaded)}
          fares={ratio === undefined ? null : fareRange(loaded, ratio)}
        />
      )}
      <p className="results-count" role="status">
        {query.isSuccess && (filtered ? `${shown.length} of ${loaded.length} flights match the filters` : `${loaded.length} flights`)}
      </p>
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
      {query.isSuccess &&
        loaded.length === 0 &&
        (syncedAt === undefined ? <p className="results-state results-empty">No flight available</p> : <OfflineEmpty />)}
      {loaded.length > 0 && shown.length === 0 && (
        <div className="results-state">
          <p>No flight matches the filters.</p>
          <button type="button" className="button button-secondary" onClick={() => setArrangement({ ...DEFAULT_ARRANGEMENT, sort: arrangement.sort })}>
            Clear filters
          </button>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="flight-grid">
          {shown.map((flight) => (
            <FlightCard key={flight._id} flight={flight} travelClass={search.travelClass} travelers={search.travelers} ratio={ratio} onBook={onBook} />
          ))}
        </ul>
      )}
    </section>
  );
}
