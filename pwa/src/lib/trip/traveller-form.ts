import type { TITLES } from '../../../../sync/constants';
import { TravellerInputSchema, type TravellerInput } from '../../../../sync/schemas/booking';

export type Title = (typeof TITLES)[number];

/** One 'Adult {n}' section as typed: every field a string until it is sent. */
export type TravellerForm = {
  id: number;
  title: Title;
  firstName: string;
  lastName: string;
  dob: { day: string; month: string; year: string };
  nationality: string;
  passportNumber: string;
  passportCountry: string;
  /** YYYY-MM-DD */
  passportExpiry: string;
  expanded: boolean;
};

export type TravellerField = 'title' | 'firstName' | 'lastName' | 'dob' | 'nationality' | 'passportNumber' | 'passportCountry' | 'passportExpiry';
export type TravellerErrors = Partial<Record<TravellerField, string>>;

const FIELDS: readonly string[] = [
  'title',
  'firstName',
  'lastName',
  'dob',
  'nationality',
  'passportNumber',
  'passportCountry',
  'passportExpiry',
] satisfies TravellerField[];
const isField = (key: unknown): key is TravellerField => typeof key === 'string' && FIELDS.includes(key);

/** Product rules §10.3: a new traveller is a Mr with every other field empty. */
export function newTraveller(id: number): TravellerForm {
  return {
    id,
    title: 'Mr',
    firstName: '',
    lastName: '',
    dob: { day: '', month: '', year: '' },
    nationality: '',
    passportNumber: '',
    passportCountry: '',
    passportExpiry: '',
    expanded: true,
  };
}

/** The traveller as the server reads it (TravellerInputSchema). */
export function toTravellerInput(t: TravellerForm): TravellerInput {
  return {
    title: t.title,
    firstName: t.firstName.trim(),
    lastName: t.lastName.trim(),
    dob: { day: Number(t.dob.day), month: Number(t.dob.month), year: Number(t.dob.year) },
    nationality: t.nationality,
    passportNumber: t.passportNumber.trim(),
    passportCountry: t.passportCountry,
    passportExpiry: t.passportExpiry,
  };
}

function realDate({ day, month, year }: TravellerForm['dob']): string | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = date.toISOString().slice(0, 10);
  const expected = `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return iso === expected ? iso : null;
}

function dobError(dob: TravellerForm['dob'], today: string): string | undefined {
  if (!dob.day || !dob.month || !dob.year) return 'Date of birth is required';
  const iso = realDate(dob);
  return iso && iso < today ? undefined : 'Enter a real date of birth in the past';
}

function expiryError(expiry: string, lastDeparture: string): string | undefined {
  if (!expiry) return 'Passport expiry is required';
  return expiry > lastDeparture.slice(0, 10) ? undefined : 'The passport must be valid after the last flight';
}

/**
 * The field messages of one traveller: the shared schema's texts, plus the checks the server makes
 * (a real past birth date, a passport valid after the last flight) so they show before sending.
 */
export function travellerErrors(t: TravellerForm, today: string, lastDeparture: string): TravellerErrors {
  const errors: TravellerErrors = {};
  const parsed = TravellerInputSchema.safeParse(toTravellerInput(t));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0];
    if (isField(key)) errors[key] ??= issue.message;
  }
  if (!t.passportNumber.trim()) errors.passportNumber = 'Passport number is required';
  const dob = dobError(t.dob, today);
  if (dob) errors.dob = dob;
  else delete errors.dob;
  const expiry = errors.passportExpiry && t.passportExpiry ? errors.passportExpiry : expiryError(t.passportExpiry, lastDeparture);
  if (expiry) errors.passportExpiry = expiry;
  return errors;
}
