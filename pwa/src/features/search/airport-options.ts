import type { Airport } from '../../../../sync/schemas/airport';
import type { DropdownOption } from '../../components/ui/dropdown-logic';

/**
 * Spec: airports are offered as 'city(code)'; each side leaves out the other side's choice. The code,
 * city, airport name and country are all searched, so 'LHR', 'Heathrow' and 'United Kingdom' find London.
 */
export function airportLabel(airport: Pick<Airport, 'city' | 'code'>): string {
  return `${airport.city}(${airport.code})`;
}

export function airportOptions(airports: readonly Airport[], exclude: string | null): DropdownOption[] {
  return airports
    .filter((airport) => airport.code !== exclude)
    .map((airport) => ({ value: airport.code, label: airportLabel(airport), keywords: [airport.code, airport.city, airport.name, airport.country] }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
