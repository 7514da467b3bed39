import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/client';
import { airports } from '../db/schema';
import { airportRecord, type AirportRecord } from '../services/catalogue/airport-data';
import { AIRPORT_CODES } from './catalogue';

export type SeededAirport = { id: string; code: string; record: AirportRecord };

export async function seedAirports(tx: Tx, now: string, version: number): Promise<Map<string, SeededAirport>> {
  const seeded = new Map<string, SeededAirport>();
  for (const code of AIRPORT_CODES) {
    const record = airportRecord(code);
    if (!record) throw new Error(`airport-data has no airport ${code}`);
    const id = randomUUID();
    await tx.insert(airports).values({
      id,
      name: record.name,
      code,
      city: record.city,
      country: record.country,
      timeZone: record.tz,
      createdAt: now,
      updatedAt: now,
      version,
    });
    seeded.set(code, { id, code, record });
  }
  return seeded;
}
