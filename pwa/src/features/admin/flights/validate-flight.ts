import { boardingIssues, scheduleIssues } from '../../../../../sync/flight-rules';
import { GateSchema } from '../../../../../sync/schemas/flight';
import type { Airport } from '../../../../../sync/schemas/airport';
import type { FieldErrors } from '../../../components/form/form-errors';
import { fromZoneInput, onQuarterHour } from './flight-times';

export type FlightInput = {
  origin: string;
  destination: string;
  departureTime: string;
  arrivalTime: string;
  price: string;
  status: string;
  gate: string;
  boardingTime: string;
};

/**
 * Product rules §10.12 texts for the flight form; times are read in the origin's and the destination's zones.
 * `initialDeparture` is the edited flight's own departure, which may stay even once it is past (product rules §6.4).
 */
export function flightErrors(values: FlightInput, airports: readonly Airport[], now = Date.now(), initialDeparture?: string): FieldErrors<FlightInput> {
  const errors: FieldErrors<FlightInput> = {};
  const origin = airports.find((a) => a._id === values.origin);
  const destination = airports.find((a) => a._id === values.destination);
  if (!origin) errors.origin = 'Origin is required';
  if (!destination) errors.destination = 'Destination is required';
  if (origin && destination && origin._id === destination._id) errors.destination = 'Origin and destination cannot be the same';
  if (!values.departureTime) errors.departureTime = 'Departure time is required';
  else if (!onQuarterHour(values.departureTime)) errors.departureTime = 'Choose a time on the quarter hour';
  if (!values.arrivalTime) errors.arrivalTime = 'Arrival time is required';
  else if (!onQuarterHour(values.arrivalTime)) errors.arrivalTime = 'Choose a time on the quarter hour';
  const price = Number(values.price);
  if (values.price.trim() === '' || !Number.isFinite(price) || price <= 0) errors.price = 'Price must be greater than 0';
  else if (Math.round(price * 100) !== price * 100) errors.price = 'Price can have at most 2 decimals';
  if (origin && destination && !errors.departureTime && !errors.arrivalTime) {
    const leaves = fromZoneInput(values.departureTime, origin.timeZone);
    const lands = fromZoneInput(values.arrivalTime, destination.timeZone);
    if (Date.parse(lands) <= Date.parse(leaves)) errors.arrivalTime = 'Arrival must be after departure';
    else for (const issue of scheduleIssues(leaves, lands, now, values.departureTime !== initialDeparture)) errors[issue.path] ??= issue.msg;
    if (values.boardingTime) for (const issue of boardingIssues(fromZoneInput(values.boardingTime, origin.timeZone), leaves)) errors.boardingTime = issue.msg;
  }
  const gate = GateSchema.safeParse(values.gate);
  if (!gate.success) errors.gate = gate.error.issues[0]?.message;
  return errors;
}

/** What an edit adds: the gate (empty clears it) and the boarding time in the origin's zone (empty clears it). */
export function boardingBody(values: FlightInput, airports: readonly Airport[]) {
  const zone = airports.find((a) => a._id === values.origin)?.timeZone ?? 'UTC';
  return { gate: values.gate, boardingTime: values.boardingTime ? fromZoneInput(values.boardingTime, zone) : null };
}

/** The body of POST /flights or PUT /flights/{id}: instants in UTC, price in dollars. */
export function flightBody(values: FlightInput, airports: readonly Airport[]) {
  const zone = (id: string) => airports.find((a) => a._id === id)?.timeZone ?? 'UTC';
  return {
    origin: values.origin,
    destination: values.destination,
    departureTime: fromZoneInput(values.departureTime, zone(values.origin)),
    arrivalTime: fromZoneInput(values.arrivalTime, zone(values.destination)),
    price: Number(values.price),
  };
}
