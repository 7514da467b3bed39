import { AirportBodySchema, type AirportBody } from '../../../../../sync/schemas/airport';
import { schemaErrors, type FieldErrors } from '../../../components/form/form-errors';

export type AirportInput = { name: string; code: string; city: string; country: string; timeZone: string };

/** The body to send: an empty time zone is left out, so the server derives it from the IATA code. */
export function airportBody({ timeZone, ...rest }: AirportInput): AirportBody {
  return { ...rest, code: rest.code.trim().toUpperCase(), ...(timeZone.trim() ? { timeZone: timeZone.trim() } : {}) };
}

/** Product rules §10.12 airport texts, from the server's own schema. */
export function airportErrors(values: AirportInput): FieldErrors<AirportInput> {
  const { timeZone, ...rest } = values;
  return schemaErrors(AirportBodySchema, { ...rest, ...(timeZone.trim() ? { timeZone } : {}) });
}
