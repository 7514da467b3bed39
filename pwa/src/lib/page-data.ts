import type { Airport } from '../../../sync/schemas/airport';
import type { Flight } from '../../../sync/schemas/flight';
import type { LowestFare } from '../../../sync/schemas/lowest-fares';
import type { PublicSettings } from '../../../sync/schemas/settings';
import { PAGE_DATA_ID, type PageData } from '../../../sync/page-data';
import type { FlightLeg } from './trip/flight-leg';

function readPageData(): PageData {
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return {};
  }
}

/** What the server sent inside this page (nothing when rendered at build time); each part is handed out once. */
let unread: PageData | undefined;
const unused = (): PageData => (unread ??= readPageData());

export function takePageFlights(leg: FlightLeg): Flight[] | undefined {
  const sent = unused().flights;
  if (!sent || sent.origin !== leg.origin || sent.destination !== leg.destination || sent.date !== leg.date) return undefined;
  delete unused().flights;
  return sent.flights;
}

export function takePageAirports(): Airport[] | undefined {
  const sent = unused().airports;
  delete unused().airports;
  return sent;
}

export function takePageSettings(): PublicSettings | undefined {
  const sent = unused().settings;
  delete unused().settings;
  return sent;
}

export type StripLeg = { from: string; to: string; date: string; travelers: number };

export function takePageLowestFares(leg: StripLeg): LowestFare[] | undefined {
  const sent = unused().lowestFares;
  if (!sent || sent.from !== leg.from || sent.to !== leg.to || sent.date !== leg.date || sent.travelers !== leg.travelers) return undefined;
  delete unused().lowestFares;
  return sent.days;
}
