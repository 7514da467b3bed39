import type { Airport } from '../../../../sync/schemas/airport';
import type { DropdownOption } from '../../components/ui/dropdown-logic';

/** Spec: airports are offered as 'city(code)'; each side leaves out the other side's choice. */
export function airportLabel(airport: Pick<Airport, 'city' | 'code'>): string {
  return `${airport.city}(${airport.code})`;
}

export function airportOptions(airports: readonly Airport[], exclude: string | null): DropdownOption[] {
  return airports
    .filter((airport) => airport.code !== exclude)
    .map((airport) => ({ value: airport.code, label: airportLabel(airport) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
