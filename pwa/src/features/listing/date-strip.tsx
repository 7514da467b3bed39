import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LOWEST_FARE_DAYS_MAX } from '../../../../sync/constants';
import { useClassRatio } from '../../lib/trip/use-class-ratio';
import { localToday } from '../../lib/trip/local-today';
import type { CompleteSearch } from '../../lib/trip/search-values';
import { stripDays } from './strip-days';
import { OUTBOUND_PARAM } from './use-book-flight';
import { useLowestFares } from './use-lowest-fares';

/**
 * Three days either side of the searched (outbound) date with the lowest fare of each, for the chosen
 * class and number of travellers; choosing a day searches that date. Past days, days without a flight
 * and, on a round trip, days after the return cannot be chosen.
 */
export function DateStrip({ search }: { search: CompleteSearch }) {
  const [, setParams] = useSearchParams();
  const fares = useLowestFares({ from: search.from, to: search.to, date: search.date, travelers: search.travelers });
  const { ratio } = useClassRatio(search.travelClass);
  const days = stripDays({
    date: search.date,
    days: LOWEST_FARE_DAYS_MAX,
    fares: fares.data,
    ratio,
    today: localToday(),
    lastDate: search.type === 'round' ? search.returnDate : null,
  });

  const list = useRef<HTMLUListElement>(null);
  // On a narrow screen the strip scrolls: the searched day starts in its middle.
  useLayoutEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="date"]')?.parentElement;
    if (list.current && current) list.current.scrollLeft = current.offsetLeft - (list.current.clientWidth - current.offsetWidth) / 2;
  }, [search.date]);

  const choose = (date: string) =>
    setParams((params) => {
      params.set('date', date);
      params.delete(OUTBOUND_PARAM);
      return params;
    });

  return (
    <nav className="date-strip" aria-label="Nearby dates">
      <ul ref={list}>
        {days.map((day) => (
          <li key={day.date}>
            <button
              type="button"
              className="date-strip-day"
              aria-current={day.current ? 'date' : undefined}
              disabled={day.disabled}
              onClick={() => {
                if (!day.current) choose(day.date);
              }}
            >
              <span className="date-strip-date">{day.label}</span>
              <span className="date-strip-note">
                {day.note || '…'}
                {day.note.startsWith('from') && <span className="visually-hidden"> per traveller</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
