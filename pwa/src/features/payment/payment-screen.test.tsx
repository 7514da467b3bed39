// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../../sync/constants';
import type { ErrorCode } from '../../../../sync/error-codes';
import type { Booking } from '../../../../sync/schemas/booking';
import type { Flight } from '../../../../sync/schemas/flight';
import { renderDashboard, stubDialogs } from '../../components/test-kit';
import type { BookingDraft } from '../../lib/trip/booking-draft';
import { newTraveller } from '../../lib/trip/traveller-form';
import { fakeRunner } from '../../local/fake-runner';
import { PaymentScreen } from './payment-screen';

const airport = (code: string) => ({ _id: code, name: `${code} Airport`, code, city: `${code} City`, country: 'X', timeZone: 'UTC', createdAt: '' });
const flight: Flight = {
  _id: 'out-1',
  flightNumber: 'SW100',
  origin: airport('LOS'),
  destination: airport('LHR'),
  departureTime: '2031-01-01T08:00:00.000Z',
  arrivalTime: '2031-01-01T12:00:00.000Z',
  duration: 240,
  availableSeats: 22,
  status: 'scheduled',
  price: 100,
  gate: null,
  boardingTime: null,
  createdAt: '',
};
const draft: BookingDraft = {
  flightId: 'out-1',
  returnFlightId: null,
  travellers: [
    {
      ...newTraveller(1),
      firstName: 'Ada',
      lastName: 'Okafor',
      dob: { day: '10', month: '12', year: '1985' },
      nationality: 'Nigeria',
      passportNumber: 'A1234567',
      passportCountry: 'Nigeria',
      passportExpiry: '2040-01-01',
    },
  ],
  email: 'ada@example.test',
  phone: '+234 1',
  seats: ['A1'],
  returnSeats: [],
};

let refusal: { code: ErrorCode; message: string } = { code: 'seat_unavailable', message: '' };
const server = setupServer(
  http.get('/api/flights/out-1', () => HttpResponse.json(flight)),
  http.get('/api/settings', () => HttpResponse.json({})),
  http.post('/api/payments', () => HttpResponse.json(refusal, { status: 409 })),
);

const place = { _id: 'LOS', city: 'LOS City', code: 'LOS', timeZone: 'UTC' };
const booking: Booking = {
  _id: 'b1',
  bookingId: 'ABC234',
  userId: { _id: 'u1', fullName: 'Ada Okafor', email: 'ada@example.test' },
  flightId: { ...flight, origin: place, destination: { ...place, _id: 'LHR', code: 'LHR' }, bookedTimes: null },
  returnFlightId: null,
  seatId: [{ seatNumber: 'A1', class: 'Economy', flightId: 'out-1' }],
  class: 'Economy',
  status: 'pending',
  paymentStatus: 'pending',
  email: 'ada@example.test',
  phone: '+234 1',
  totalAmount: 100,
  refundDue: null,
  refundPaidAt: null,
  cancelReason: null,
  checkedInAt: null,
  createdAt: '2030-06-01T11:00:00.000Z',
  updatedAt: '2030-06-01T11:00:00.000Z',
  travellers: [],
  boardingPasses: [],
};

/** What POST /payments and PUT /payments/:id/method answer for the one booking, paid by `method`. */
function answerFor(method: PaymentMethod) {
  const deadlineAt = new Date(Date.now() + 900_000).toISOString();
  const due = { amountDue: 100, deadlineAt, link: '/payment/key-1' };
  const instructions =
    method === 'cashApp'
      ? { kind: 'cashApp', ...due, tag: '$SkyWay', name: 'SkyWay Airlines' }
      : { kind: 'bank_transfer', ...due, bankingInfo: { accountNumber: '1', accountName: 'SkyWay', bankName: 'Bank', routing: '', address: '' } };
  const payment = {
    _id: 'p1',
    transactionId: 'TX1',
    bookingId: booking,
    userId: booking.userId,
    amount: 100,
    currency: 'USD',
    paymentMethod: method,
    status: 'pending',
    reason: null,
    awaitingReviewAt: null,
    reviewDeadlineAt: null,
    deadlineAt,
    image: null,
    createdAt: booking.createdAt,
    updatedAt: booking.createdAt,
  };
  return { link: due.link, booking, payment, instructions };
}

function BookingStep() {
  const location = useLocation();
  const state: unknown = location.state;
  const conflict = typeof state === 'object' && state !== null && 'seatConflict' in state ? String(state.seatConflict) : '';
  return <p>{`Back to seats ${location.search}: ${conflict}`}</p>;
}

async function choose(method: string) {
  const card = await screen.findByRole('article', { name: method });
  await userEvent.setup().click(within(card).getByRole('button', { name: 'Proceed To Payment' }));
}
const chooseBankTransfer = () => choose('Bank Transfer');

async function close(method: string) {
  await userEvent.setup().click(within(screen.getByRole('dialog', { name: method })).getByRole('button', { name: 'Close' }));
}

function renderPayment() {
  renderDashboard(
    <Routes>
      <Route path="/payment" element={<PaymentScreen draft={draft} travelClass="Economy" />} />
      <Route path="/booking" element={<BookingStep />} />
    </Routes>,
    '/payment',
    fakeRunner(),
  );
}

beforeAll(() => {
  stubDialogs();
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());

describe('placing the booking branches on the reason code', () => {
  it('seat_unavailable goes back to the seats with the server text, whatever that text says', async () => {
    refusal = { code: 'seat_unavailable', message: 'Someone was quicker' };
    renderPayment();
    await chooseBankTransfer();
    expect(await screen.findByText('Back to seats ?id=out-1: Someone was quicker')).toBeTruthy();
  });

  it('another 409 stays on the payment page and shows the text, even one that reads like a seat conflict', async () => {
    refusal = { code: 'fare_changed', message: 'Seat A1 is no longer available' };
    renderPayment();
    await chooseBankTransfer();
    expect(await screen.findByText('Seat A1 is no longer available')).toBeTruthy();
    expect(screen.queryByText(/Back to seats/)).toBeNull();
  });
});

describe('one checkout, one booking', () => {
  let calls: string[] = [];
  beforeAll(() => {
    server.events.on('request:start', ({ request }) => {
      if (request.method !== 'GET') calls.push(`${request.method} ${new URL(request.url).pathname}`);
    });
  });
  const book = http.post('/api/payments', () => HttpResponse.json(answerFor('bank_transfer'), { status: 201 }));
  const switchTo = http.put('/api/payments/p1/method', async ({ request }) => {
    const body = (await request.json()) as { paymentMethod: PaymentMethod };
    calls.push(`switch to ${body.paymentMethod}`);
    return HttpResponse.json(answerFor(body.paymentMethod));
  });

  it('the first method books; another, and then the first again, switch that booking; nothing is cancelled', async () => {
    calls = [];
    server.use(book, switchTo);
    renderPayment();
    await chooseBankTransfer();
    expect(await screen.findByRole('link', { name: 'Make Payment' })).toBeTruthy();
    await close('Bank Transfer');
    await choose('Cash App');
    expect(await screen.findByRole('button', { name: 'Copy tag' })).toBeTruthy();
    await close('Cash App');
    await chooseBankTransfer();
    expect(await screen.findByRole('link', { name: 'Make Payment' })).toBeTruthy();
    expect(calls).toEqual(['POST /api/payments', 'PUT /api/payments/p1/method', 'switch to cashApp', 'PUT /api/payments/p1/method', 'switch to bank_transfer']);
  });

  it('a booking past its payment deadline is not switched: a new one is made', async () => {
    calls = [];
    server.use(
      book,
      http.put('/api/payments/p1/method', () => HttpResponse.json({ code: 'payment_deadline_passed', message: 'Too late' }, { status: 409 })),
    );
    renderPayment();
    await chooseBankTransfer();
    expect(await screen.findByRole('link', { name: 'Make Payment' })).toBeTruthy();
    await close('Bank Transfer');
    await choose('Cash App');
    await screen.findByRole('dialog', { name: 'Cash App' });
    await expect.poll(() => calls).toEqual(['POST /api/payments', 'PUT /api/payments/p1/method', 'POST /api/payments']);
  });
});
