import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import type { DropdownOption } from '../../components/ui/dropdown-logic';

countries.registerLocale(en);

let options: DropdownOption[] | undefined;

/** Every country by its English name, sorted, for nationality and passport country. */
export function countryOptions(): readonly DropdownOption[] {
  options ??= Object.values(countries.getNames('en', { select: 'official' }))
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((name) => ({ value: name, label: name }));
  return options;
}
