// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../../sync/error-codes';
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

function BookingStep() {
  const location = useLocation();
  const state: unknown = location.state;
  const conflict = typeof state === 'object' && state !== null && 'seatConflict' in state ? String(state.seatConflict) : '';
  return <p>{`Back to seats ${location.search}: ${conflict}`}</p>;
}

async function chooseBankTransfer() {
  const bank = await screen.findByRole('article', { name: 'Bank Transfer' });
  await userEvent.setup().click(within(bank).getByRole('button', { name: 'Proceed To Payment' }));
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
