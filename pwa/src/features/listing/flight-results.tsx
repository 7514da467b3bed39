import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CompleteSearch } from '../../lib/trip/search-values';
import { useAirports } from '../../lib/trip/use-airports';
import { useFlights } from '../../lib/trip/use-flights';
import { Spinner } from '../../components/ui/spinner';
import { DateStrip } from './date-strip';
import { FlightList } from './flight-list';
import { OUTBOUND_PARAM, useBookFlight } from './use-book-flight';

// NOTE: only a round trip's second step shows it: a one-way listing does not load it.
const ReturnStep = lazy(async () => ({ default: (await import('./return-step')).ReturnStep }));

export function FlightResults({ search }: { search: CompleteSearch }) {
  const [params] = useSearchParams();
  const airports = useAirports();
  const outbound = useFlights({ origin: search.from, destination: search.to, date: search.date });
  const { pickOutbound, pickReturn, changeOutbound } = useBookFlight(search);

  const city = (code: string) => airports.data?.find((airport) => airport.code === code)?.city ?? code;
  const from = `${city(search.from)} (${search.from})`;
  const to = `${city(search.to)} (${search.to})`;
  const outboundId = search.type === 'round' ? params.get(OUTBOUND_PARAM) : null;
  const chosen = outboundId ? outbound.data?.flights.find((flight) => flight._id === outboundId) : undefined;

  if (chosen) {
    return (
      <Suspense fallback={<Spinner label="Loading flights" />}>
        <ReturnStep
          search={search}
          outbound={chosen}
          route={`${to} → ${from}`}
          onChangeOutbound={changeOutbound}
          onBook={(flight) => pickReturn(chosen, flight)}
        />
      </Suspense>
    );
  }
  return (
    <FlightList query={outbound} search={search} date={search.date} route={`${from} → ${to}`} level={1} onBook={pickOutbound}>
      <DateStrip search={search} />
    </FlightList>
  );
}
