// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast-provider';
import { BOOKING_DRAFT_KEY } from '../../lib/trip/booking-draft';
import { contactErrors } from './contact-fields';
import { newTraveller, travellerErrors, type TravellerForm } from '../../lib/trip/traveller-form';
import { TravellerDetails } from './traveller-details';
import { useBookingDraft } from './use-booking-draft';

const LAST_DEPARTURE = '2031-06-01T08:00:00.000Z';
const TODAY = '2031-01-01';

function Harness({ onContinue, max = 2, searched = 1 }: { onContinue: () => void; max?: number; searched?: number }) {
  const booking = useBookingDraft({ flightId: 'f1', returnFlightId: null }, undefined, searched);
  return <TravellerDetails booking={booking} maxTravellers={max} lastDeparture={LAST_DEPARTURE} onContinue={onContinue} />;
}

function renderDetails(max?: number, searched?: number) {
  const onContinue = vi.fn();
  render(
    <ToastProvider>
      <Harness onContinue={onContinue} max={max} searched={searched} />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), onContinue };
}

async function choose(user: UserEvent, scope: HTMLElement, label: string, option: string) {
  const box = within(scope).getByRole('combobox', { name: label });
  await user.click(box);
  if (box.tagName === 'INPUT') await user.type(box, option.slice(0, 4));
  await user.click(within(scope).getByRole('option', { name: option }));
}

const valid: TravellerForm = {
  ...newTraveller(1),
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob: { day: '10', month: '12', year: '1985' },
  nationality: 'Nigeria',
  passportNumber: 'A1234567',
  passportCountry: 'Nigeria',
  passportExpiry: '2032-01-01',
};

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  localStorage.clear();
});
afterEach(cleanup);

describe('traveller checks', () => {
  it('accepts a complete traveller', () => {
    expect(travellerErrors(valid, TODAY, LAST_DEPARTURE)).toEqual({});
  });

  it('names each missing field', () => {
    expect(travellerErrors(newTraveller(1), TODAY, LAST_DEPARTURE)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dob: 'Date of birth is required',
      nationality: 'Nationality is required',
      passportNumber: 'Passport number is required',
      passportCountry: 'Passport country is required',
      passportExpiry: 'Passport expiry is required',
    });
  });

  it('checks the passport number, a real past birth date and a passport valid after the last flight', () => {
    const errors = (patch: Partial<TravellerForm>) => travellerErrors({ ...valid, ...patch }, TODAY, LAST_DEPARTURE);
    expect(errors({ passportNumber: 'AB-1' })).toEqual({ passportNumber: 'Enter a valid passport number' });
    expect(errors({ dob: { day: '30', month: '2', year: '1990' } })).toEqual({ dob: 'Enter a real date of birth in the past' });
    expect(errors({ dob: { day: '1', month: '1', year: '2031' } })).toEqual({ dob: 'Enter a real date of birth in the past' });
    expect(errors({ passportExpiry: '2031-06-01' })).toEqual({ passportExpiry: 'The passport must be valid after the last flight' });
  });

  it("asks for the contact fields with the spec's texts", () => {
    expect(contactErrors('', '')).toEqual({ email: 'Enter email', phone: 'Enter mobile number' });
    expect(contactErrors('not-mail', '+234 1')).toEqual({ email: 'A valid email is required' });
    expect(contactErrors('ada@example.test', '+234 1')).toEqual({});
  });
});

describe('TravellerDetails', () => {
  it('says booking e-mails go to the account, tied to the Email field', () => {
    renderDetails();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-describedby')).toBe(
      screen.getByText("Booking e-mails go to your account's address; this one finds the booking on the Track page").id,
    );
  });

  it('shows every message on Continue and does not go on', async () => {
    const { user, onContinue } = renderDetails();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).not.toHaveBeenCalled();
    for (const text of ['Enter email', 'Enter mobile number', 'First name is required', 'Date of birth is required', 'Passport expiry is required']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Adult 1: First name is required')).toBeTruthy();
  });

  it('goes on once everything is filled in, and keeps the details in localStorage', async () => {
    const { user, onContinue } = renderDetails();
    const adult = screen.getByRole('region', { name: 'Adult 1' });
    await user.type(within(adult).getByLabelText('First name'), 'Ada');
    await user.type(within(adult).getByLabelText('Last name'), 'Lovelace');
    await choose(user, adult, 'Day', '10');
    await choose(user, adult, 'Month', 'December');
    await choose(user, adult, 'Year', '1985');
    await choose(user, adult, 'Nationality', 'Nigeria');
    await choose(user, adult, 'Passport country', 'Nigeria');
    await user.type(within(adult).getByLabelText('Passport number'), 'A1234567');
    await user.type(within(adult).getByLabelText('Passport expiry'), '2040-01-01');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Mobile number'), '+234 801 234 5678');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
    const stored = JSON.parse(localStorage.getItem(BOOKING_DRAFT_KEY) ?? '{}') as { travellers: TravellerForm[]; phone: string };
    expect(stored.travellers[0]).toMatchObject({ firstName: 'Ada', nationality: 'Nigeria', dob: { day: '10', month: '12', year: '1985' } });
    expect(stored.phone).toBe('+234 801 234 5678');
  });

  it('adds adults up to the travellers of the search, each in its own collapsible section', async () => {
    const { user } = renderDetails(2);
    await user.click(screen.getByRole('button', { name: 'Add New Adult' }));
    expect(screen.getByRole('region', { name: 'Adult 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add New Adult' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Adult 1' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Remove Adult 2' }));
    expect(screen.queryByRole('region', { name: 'Adult 2' })).toBeNull();
  });

  it('opens with a form for each traveller of the search', () => {
    renderDetails(3, 3);
    expect(screen.getAllByRole('region', { name: /^Adult \d$/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add New Adult' })).toBeNull();
  });
});
