// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Flight } from '../../../../sync/schemas/flight';
import { SeatPicker, type PickerLeg } from './seat-picker';
import type { Leg } from './use-booking-draft';

const TAKEN = { out: ['A1', 'C3'], back: ['F4'] };
let taken: Record<string, string[]> = { ...TAKEN };
let seatCalls = 0;
const server = setupServer(
  http.get('/api/flights/:id/seat', ({ params }) => {
    seatCalls += 1;
    return HttpResponse.json((taken[String(params.id)] ?? []).map((seatNumber) => ({ seatNumber })));
  }),
);

const airport = (code: string) => ({ _id: code, name: `${code} Airport`, code, city: `${code} City`, country: 'X', timeZone: 'UTC', createdAt: '' });
const flight = (id: string, from: string, to: string): Flight => ({
  _id: id,
  flightNumber: `SW${id.length}00`,
  origin: airport(from),
  destination: airport(to),
  departureTime: '2031-01-01T08:00:00.000Z',
  arrivalTime: '2031-01-01T12:00:00.000Z',
  duration: 240,
  availableSeats: 22,
  status: 'scheduled',
  price: 100,
  gate: null,
  boardingTime: null,
  createdAt: '',
});

function Harness({ travellers, roundTrip = false, onProceed = () => undefined }: { travellers: number; roundTrip?: boolean; onProceed?: () => void }) {
  const [open, setOpen] = useState(true);
  const [seats, setSeats] = useState<Record<Leg, string[]>>({ outbound: [], return: [] });
  const legs: PickerLeg[] = [{ key: 'outbound', flight: flight('out', 'LOS', 'LHR'), seats: seats.outbound }];
  if (roundTrip) legs.push({ key: 'return', flight: flight('back', 'LHR', 'LOS'), seats: seats.return });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Continue
      </button>
      <SeatPicker
        open={open}
        onClose={() => setOpen(false)}
        legs={legs}
        travellers={travellers}
        onSeats={(leg, next) => setSeats((s) => ({ ...s, [leg]: next }))}
        onProceed={onProceed}
      />
    </>
  );
}

function renderPicker(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const seat = (label: string) => screen.getByRole('button', { name: label });
const pressed = (label: string) => seat(label).getAttribute('aria-pressed');

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no modal dialogs: open and close the way browsers do.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  seatCalls = 0;
  taken = { ...TAKEN };
});
afterAll(() => server.close());

describe('SeatPicker', () => {
  it('shows 24 seats A1 to F4 as buttons named by their label, taken seats disabled', async () => {
    renderPicker({ travellers: 1 });
    const grid = screen.getByRole('group', { name: 'Seats on SW300' });
    const buttons = within(grid).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['A', 'B', 'C', 'D', 'E', 'F'].flatMap((row) => [1, 2, 3, 4].map((n) => `${row}${n}`)));
    await vi.waitFor(() => expect(seat('A1')).toHaveProperty('disabled', true));
    expect(seat('C3')).toHaveProperty('disabled', true);
    expect(seat('A2')).toHaveProperty('disabled', false);
  });

  it('toggles a seat on click and ignores clicks on taken seats', async () => {
    const user = renderPicker({ travellers: 2 });
    await vi.waitFor(() => expect(seat('A1')).toHaveProperty('disabled', true));
    await user.click(seat('B2'));
    expect(pressed('B2')).toBe('true');
    await user.click(seat('B2'));
    expect(pressed('B2')).toBe('false');
    await user.click(seat('A1'));
    expect(pressed('A1')).toBe('false');
    expect(screen.getByText('0 of 2 seats chosen')).toBeTruthy();
  });

  it('allows one seat per traveller: a full choice refuses more, one traveller moves the seat', async () => {
    const user = renderPicker({ travellers: 2 });
    await user.click(seat('B1'));
    await user.click(seat('B2'));
    await user.click(seat('B3'));
    expect([pressed('B1'), pressed('B2'), pressed('B3')]).toEqual(['true', 'true', 'false']);
    expect(screen.getByRole('alert').textContent).toContain('You have chosen 2 seats, one per traveller');
    cleanup();
    const single = renderPicker({ travellers: 1 });
    await single.click(seat('D1'));
    await single.click(seat('D2'));
    expect([pressed('D1'), pressed('D2')]).toEqual(['false', 'true']);
  });

  it('asks for the return seats on a round trip before proceeding', async () => {
    const onProceed = vi.fn();
    const user = renderPicker({ travellers: 1, roundTrip: true, onProceed });
    await user.click(seat('E1'));
    await user.click(screen.getByRole('button', { name: 'Proceed To Payment' }));
    expect(onProceed).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: /Returning/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/Choose 1 seat on the returning flight/)).toBeTruthy();
    await vi.waitFor(() => expect(seat('F4')).toHaveProperty('disabled', true));
    await user.click(seat('E1'));
    await user.click(screen.getByRole('button', { name: 'Proceed To Payment' }));
    expect(onProceed).toHaveBeenCalledOnce();
  });

  it('fetches the taken seats again each time it opens and lets go of a seat taken meanwhile', async () => {
    const user = renderPicker({ travellers: 1 });
    await user.click(seat('A2'));
    expect(pressed('A2')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const calls = seatCalls;
    taken.out = ['A1', 'A2'];
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(seat('A2')).toHaveProperty('disabled', true));
    expect(seatCalls).toBeGreaterThan(calls);
    await act(async () => Promise.resolve());
    expect(pressed('A2')).toBe('false');
    expect(screen.getByText('0 of 1 seat chosen')).toBeTruthy();
  });
});
