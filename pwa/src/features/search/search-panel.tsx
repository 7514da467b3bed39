import { useState, type FormEvent, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { TRAVEL_CLASSES } from '../../../../sync/constants';
import { Dropdown } from '../../components/ui/dropdown';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { airportOptions } from './airport-options';
import { localToday } from '../../lib/trip/local-today';
import { searchQuery } from './search-params';
import { writeStoredSearch } from '../../lib/trip/search-storage';
import { TRAVELER_COUNTS, travelersLabel, type SearchValues } from '../../lib/trip/search-values';
import { toStoredSearch } from '../../lib/trip/stored-search';
import { TripTypeToggle } from './trip-type-toggle';
import { checkSearch } from './validate-search';
import { useAirports } from '../../lib/trip/use-airports';
import './search-panel.css';

const classOptions = TRAVEL_CLASSES.map((travelClass) => ({ value: travelClass, label: travelClass }));
const travelerOptions = TRAVELER_COUNTS.map((count) => ({ value: String(count), label: travelersLabel(count) }));

type SearchPanelProps = {
  initial: SearchValues;
  submitLabel: 'Find Flight' | 'Update';
  formRef?: Ref<HTMLFormElement>;
};

/** The flight search of the home hero and the listing; a valid search opens /listing with it in the URL. */
export function SearchPanel({ initial, submitLabel, formRef }: SearchPanelProps) {
  const [values, setValues] = useState(initial);
  const airports = useAirports();
  const toast = useToast();
  const navigate = useNavigate();
  const today = localToday();
  const list = airports.data ?? [];

  const set = <K extends keyof SearchValues>(key: K, value: SearchValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkSearch(values, today);
    if (!check.ok) {
      toast.error(check.problem);
      return;
    }
    const id = (code: string) => list.find((airport) => airport.code === code)?._id ?? '';
    writeStoredSearch(toStoredSearch(check.search, { from: id(check.search.from), to: id(check.search.to) }));
    void navigate(`/listing?${searchQuery(check.search)}`);
  };

  return (
    <form ref={formRef} className="search-panel" aria-label="Search flights" tabIndex={-1} noValidate onSubmit={onSubmit}>
      <div className="search-options">
        <TripTypeToggle value={values.type} onChange={(type) => set('type', type)} />
        <Dropdown
          className="search-class"
          label="Class"
          options={classOptions}
          value={values.travelClass}
          onChange={(travelClass) => set('travelClass', travelClass)}
        />
        <Dropdown
          className="search-travelers"
          label="Travelers"
          options={travelerOptions}
          value={values.travelers === null ? null : String(values.travelers)}
          onChange={(count) => set('travelers', Number(count))}
        />
      </div>
      <div className={values.type === 'round' ? 'search-fields search-fields-round' : 'search-fields'}>
        <div className="search-route">
          <Dropdown
            className="search-from"
            label="From"
            placeholder={airports.isPending ? 'Loading airports…' : 'Select'}
            filterable
            options={airportOptions(list, values.to)}
            value={values.from}
            onChange={(code) => set('from', code)}
          />
          <button
            type="button"
            className="search-swap"
            aria-label="Swap departure and destination"
            onClick={() => setValues((current) => ({ ...current, from: current.to, to: current.from }))}
          >
            <span aria-hidden="true">⇄</span>
          </button>
          <Dropdown
            className="search-to"
            label="To"
            placeholder={airports.isPending ? 'Loading airports…' : 'Select'}
            filterable
            options={airportOptions(list, values.from)}
            value={values.to}
            onChange={(code) => set('to', code)}
          />
        </div>
        <div className="search-dates">
          <TextField
            className="search-date"
            label="Departure date"
            type="date"
            min={today}
            value={values.date}
            onChange={(event) => set('date', event.target.value)}
          />
          {values.type === 'round' && (
            <TextField
              className="search-date"
              label="Return date"
              type="date"
              min={values.date || today}
              value={values.returnDate}
              onChange={(event) => set('returnDate', event.target.value)}
            />
          )}
        </div>
        <button type="submit" className="button search-submit">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
