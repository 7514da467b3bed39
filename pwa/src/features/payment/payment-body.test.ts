import { describe, expect, it } from 'vitest';
import { PaymentCreateBodySchema } from '../../../../sync/schemas/payment';
import type { BookingDraft } from '../../lib/trip/booking-draft';
import { newTraveller } from '../../lib/trip/traveller-form';
import { shortCode } from './copy-text';
import { paymentBody } from './payment-body';

const traveller = (id: number) => ({
  ...newTraveller(id),
  firstName: ` Ada${id} `,
  lastName: 'Lovelace',
  dob: { day: '10', month: '12', year: '1985' },
  nationality: 'Nigeria',
  passportNumber: `A123456${id}`,
  passportCountry: 'Nigeria',
  passportExpiry: '2040-01-01',
});

const draft: BookingDraft = {
  flightId: 'out-1',
  returnFlightId: 'back-1',
  travellers: [traveller(1), traveller(2)],
  email: ' Ada@Example.test ',
  phone: ' +234 1 ',
  seats: ['A1', 'A2'],
  returnSeats: ['C1', 'C2'],
};

describe('payment body', () => {
  it('is a valid POST /payments body with both legs, the travellers and the total in dollars', () => {
    const body = paymentBody(draft, { travelClass: 'Business', totalCents: 160_150 }, 'crypto', 'USDT');
    expect(PaymentCreateBodySchema.parse(body)).toMatchObject({
      seatNumber: ['A1', 'A2'],
      flightId: 'out-1',
      returnFlightId: 'back-1',
      returnSeatNumber: ['C1', 'C2'],
      classType: 'Business',
      amount: 1601.5,
      currency: 'USD',
      paymentMethod: 'crypto',
      cryptoName: 'USDT',
      confirmEmail: 'ada@example.test',
      phone: '+234 1',
    });
    expect(body.travellers[0]).toMatchObject({ firstName: 'Ada1', dob: { day: 10, month: 12, year: 1985 } });
  });

  it('leaves out the return leg on a one-way trip', () => {
    const body = paymentBody({ ...draft, returnFlightId: null }, { travelClass: 'Economy', totalCents: 100 }, 'bank_transfer');
    expect(body).not.toHaveProperty('returnFlightId');
    expect(body).not.toHaveProperty('returnSeatNumber');
    expect(body).not.toHaveProperty('cryptoName');
  });

  it('shortens addresses of 10 characters or more to the first 6 and the last 4', () => {
    expect(shortCode('TQ7uVb9fG3cLx8pKzR2mN5wYhD4sJ6eA1B')).toBe('TQ7uVb...eA1B');
    expect(shortCode('$SkyWayAir')).toBe('$SkyWa...yAir');
    expect(shortCode('$Short')).toBe('$Short');
  });
});
