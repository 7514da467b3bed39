import type { CompleteSearch, SearchValues } from '../../lib/trip/search-values';

export type SearchCheck = { ok: true; search: CompleteSearch } | { ok: false; problem: string };

/**
 * Product rules §10.12: the five checks in this order, each stopping the search; then the rules on dates and airports
 * the spec states without a message.
 */
export function checkSearch(values: SearchValues, today: string): SearchCheck {
  const fail = (problem: string): SearchCheck => ({ ok: false, problem });
  const { from, to, travelClass, travelers } = values;
  if (!from) return fail('Please select a departure location.');
  if (!to) return fail('Please select a destination.');
  if (!values.date) return fail('Please select a departure date.');
  if (!travelClass) return fail('Please select a travel class.');
  if (!travelers) return fail('Please select the number of travelers.');
  if (from === to) return fail('Origin and destination cannot be the same.');
  if (values.date < today) return fail('The departure date cannot be in the past.');
  if (values.type === 'round') {
    if (!values.returnDate) return fail('Please select a return date.');
    if (values.returnDate < values.date) return fail('The return date cannot be before the departure date.');
  }
  return { ok: true, search: { ...values, from, to, travelClass, travelers } };
}
