// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../../../../sync/client/types';
import type { Booking } from '../../../../../sync/schemas/booking';
import type { ManagedPayment } from '../manage-booking/next-actions';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { MyBookings } from './my-bookings';
import { fakeRunner } from '../../../local/fake-runner';

const state = vi.hoisted(() => ({ bookings: [] as Booking[], outbox: [] as OutboxRow[], payments: new Map<string, ManagedPayment>() }));

vi.mock('../../../local/hooks', () => ({
  useMyBookings: () => state.bookings,
  useOutbox: () => state.outbox,
  useSyncedSettings: () => undefined,
  useBookingPayment: (bookingId: string) => state.payments.get(bookingId),
}));

const DAY = 86_400_000;
const place = (code: string, city: string, timeZone: string) => ({ _id: code, city, code, timeZone });

function booking(id: string, status: Booking['status'], patch: Partial<Booking> = {}): Booking {
  const departure = Date.now() + 10 * DAY;
  return {
    _id: id,
    bookingId: `REF${id}`,
    userId: { _id: 'me', fullName: 'Ada Okafor', email: 'ada@example.com' },
    flightId: {
      _id: `f-${id}`,
      flightNumber: 'SW1234',
      origin: place('LOS', 'Lagos', 'Africa/Lagos'),
      destination: place('LHR', 'London', 'Europe/London'),
      departureTime: new Date(departure).toISOString(),
      arrivalTime: new Date(departure + 6.5 * 3_600_000).toISOString(),
      status: 'scheduled',
      price: 500,
      gate: null,
      boardingTime: null,
      bookedTimes: null,
    },
    returnFlightId: null,
    seatId: [{ seatNumber: 'B2', class: 'Business', flightId: `f-${id}` }],
    class: 'Business',
    status,
    paymentStatus: status === 'confirmed' ? 'successful' : 'pending',
    email: 'ada@example.com',
    phone: '+234',
    totalAmount: 500,
    refundDue: null,
    refundPaidAt: null,
    cancelReason: null,
    checkedInAt: null,
    createdAt: '2031-01-01T10:00:00.000Z',
    updatedAt: '2031-01-01T10:00:00.000Z',
    travellers: [
      {
        _id: `t-${id}`,
        title: 'Ms',
        firstName: 'Ada',
        lastName: 'Okafor',
        dob: { day: 12, month: 4, year: 1990 },
        nationality: 'Nigeria',
        passportNumber: 'A1234567',
        passportCountry: 'Nigeria',
        passportExpiry: '2032-04-11',
        image: null,
      },
    ],
    boardingPasses: [],
    ...patch,
  };
}

beforeAll(stubDialogs);
beforeEach(() => {
  state.bookings = [
    booking('1', 'pending'),
    booking('2', 'confirmed'),
    booking('3', 'cancelled'),
    booking('4', 'confirmed', { userId: { _id: 'someone-else', fullName: 'Other', email: 'o@example.com' } }),
  ];
  state.outbox = [];
  state.payments = new Map();
});
afterEach(cleanup);

describe('my bookings', () => {
  it('has the four spec tabs, shows only this user bookings, and the empty text per tab', async () => {
    const user = userEvent.setup();
    renderDashboard(<MyBookings userId="me" />, '/dashboard/bookings');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Pending Booking', 'Upcoming Booking', 'Canceled Booking', 'Completed Booking']);
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Upcoming Booking' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const card = screen.getByRole('article', { name: 'Lagos to London' });
    expect(within(card).getByText('REF2')).toBeTruthy();
    expect(within(card).getByText('Ada Okafor')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Check in' })).toHaveProperty('disabled', true);
    expect(within(card).getByText(/Check-in opens 48 hours before departure/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Completed Booking' }));
    expect(screen.getByText('No completed bookings available')).toBeTruthy();
  });

  it('Manage Booking opens the details with flight, seats and travellers', async () => {
    const user = userEvent.setup();
    renderDashboard(<MyBookings userId="me" />, '/dashboard/bookings?tab=confirmed');
    await user.click(screen.getByRole('button', { name: 'Manage Booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Booking REF2' });
    for (const text of ['SW1234', 'Lagos (LOS)', 'London (LHR)', 'B2 (Business)', 'completed', 'A1234567', '1990-04-12', '2032-04-11', 'Ms']) {
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it('cancelling a paid booking shows the refund first, then queues the cancellation', async () => {
    const user = userEvent.setup();
    const runner = fakeRunner();
    renderDashboard(<MyBookings userId="me" />, '/dashboard/bookings?tab=confirmed', runner);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking?' });
    expect(within(dialog).getByText('$450.00')).toBeTruthy();
    expect(within(dialog).getByText(/less the 10% cancellation penalty/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(runner.queued).toEqual([{ name: 'cancelBooking', args: { bookingId: '2' } }]);
  });

  it('a queued cancellation shows Sending… instead of the cancel button', () => {
    state.outbox = [
      { mutationId: 1, name: 'cancelBooking', args: { bookingId: '1' }, state: 'sending', attempts: 0, lastError: null, nextAttemptAt: 0, createdAt: 0 },
    ];
    renderDashboard(<MyBookings userId="me" />, '/dashboard/bookings');
    const card = screen.getByRole('article');
    expect(within(card).getByText('Sending…')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('a pending booking shows its payment deadline and Pay now; a rejected receipt leads to a new upload on the booking page', () => {
    const deadlineAt = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const paymentOf = (_id: string, patch: Partial<ManagedPayment> = {}): ManagedPayment => ({
      _id,
      status: 'pending',
      reason: null,
      awaitingReviewAt: null,
      reviewDeadlineAt: null,
      deadlineAt,
      paymentMethod: 'bank_transfer',
      ...patch,
    });
    state.bookings = [booking('1', 'pending'), booking('5', 'pending')];
    state.payments = new Map([
      ['1', paymentOf('p1')],
      ['5', paymentOf('p5', { status: 'failed', reason: 'The receipt is cut off' })],
    ]);
    renderDashboard(<MyBookings userId="me" />, '/dashboard/bookings');
    const [open, rejected] = screen.getAllByRole('article');
    if (!open || !rejected) throw new Error('two cards expected');
    expect(within(open).getByText('Pay by')).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Pay now' })).toBeTruthy();
    // One way to the details (Manage Booking): no second 'Booking page' link on the card (#48 item 4).
    expect(within(open).queryByRole('link', { name: 'Booking page' })).toBeNull();
    expect(within(rejected).getByText('Payment not accepted: The receipt is cut off')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(within(rejected).getByRole('link', { name: 'Upload a new receipt' }).getAttribute('href')).toBe('/dashboard/bookings/5');
  });
});
