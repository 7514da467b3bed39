import { describe, expect, it } from 'vitest';
import { BookingListQuerySchema } from '../../../../../sync/schemas/admin-lists';
import { testBooking } from '../../../../../sync/test-booking';
import { bookingList } from './booking-columns';

describe('the admin list of bookings', () => {
  const departure = Date.parse('2031-02-01T08:00:00.000Z');
  // Midday UTC: the same calendar day in every zone from UTC-11 to UTC+11.
  const made = (id: string, day: string) => testBooking(departure, { _id: id, bookingId: id.toUpperCase(), createdAt: `${day}T12:00:00.000Z` });
  const all = [made('b3', '2031-01-07'), made('b2', '2031-01-06'), made('b1', '2031-01-05')];
  const list = (query: Record<string, string>) => bookingList(all, BookingListQuerySchema.parse(query)).map((b) => b._id);

  it("keeps the bookings made from one day to another, both included: the overview's 'Bookings today' opens on one day", () => {
    expect(list({})).toEqual(['b3', 'b2', 'b1']);
    expect(list({ from: '2031-01-06', to: '2031-01-06' })).toEqual(['b2']);
    expect(list({ from: '2031-01-06' })).toEqual(['b3', 'b2']);
    expect(list({ to: '2031-01-05' })).toEqual(['b1']);
  });

  it('searches the booking reference and the flight number within those days', () => {
    expect(list({ q: 'b2' })).toEqual(['b2']);
    expect(list({ q: 'sw100', from: '2031-01-07' })).toEqual(['b3']);
  });
});
