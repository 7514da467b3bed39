import { FLIGHT_STATUSES } from '../../../../../sync/constants';
import type { Airport } from '../../../../../sync/schemas/airport';
import { Dropdown } from '../../../components/ui/dropdown';
import type { DropdownOption } from '../../../components/ui/dropdown-logic';
import { TextField } from '../../../components/ui/text-field';
import { ANY, type FlightFilters } from './flight-filters';

const STATUS_OPTIONS: DropdownOption<FlightFilters['status']>[] = [
  { value: ANY, label: 'Any status' },
  ...FLIGHT_STATUSES.map((value) => ({ value, label: value })),
];

const airportOptions = (airports: readonly Airport[], any: string) => [
  { value: ANY, label: any },
  ...airports.map((a) => ({ value: a._id, label: `${a.city}(${a.code})`, keywords: [a.code, a.name] })).sort((a, b) => a.label.localeCompare(b.label)),
];

type FlightFilterBarProps = { filters: FlightFilters; airports: readonly Airport[]; onChange: (changes: Partial<FlightFilters>) => void };

/** Route, local departure dates and status; each change goes back to page 1. */
export function FlightFilterBar({ filters, airports, onChange }: FlightFilterBarProps) {
  return (
    <fieldset className="table-filters">
      <legend className="visually-hidden">Filter flights</legend>
      <Dropdown label="Origin" filterable options={airportOptions(airports, 'Any origin')} value={filters.origin} onChange={(origin) => onChange({ origin })} />
      <Dropdown
        label="Destination"
        filterable
        options={airportOptions(airports, 'Any destination')}
        value={filters.destination}
        onChange={(destination) => onChange({ destination })}
      />
      <TextField
        label="Departing from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="Departing until"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      <Dropdown label="Status" options={STATUS_OPTIONS} value={filters.status} onChange={(status) => onChange({ status })} />
    </fieldset>
  );
}
