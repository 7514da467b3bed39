// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../../../../sync/schemas/settings';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { SettingsCards } from './settings-cards';

const SAVED: AdminSettings = {
  bankingInfo: { accountNumber: '0123456789', accountName: 'SkyWay Ltd', bankName: 'First Bank', routing: '', address: '' },
  cryptoInfo: [{ name: 'USDT', network: 'TRC20', address: 'TXyz0123456789', rate: 1 }],
  cashApp: { tag: '$skyway', name: 'SkyWay' },
  whatsApp: 'https://wa.me/15550000000',
  contact: { phones: [], email: '' },
  mail: { name: 'ops@skyway.test', hasPassword: true },
  smtp: { host: '', configured: false },
  paymentDeadlineHours: 24,
  cancellationPenaltyPercent: 10,
  reviewDeadlineHours: 48,
  maxUnpaidBookings: 3,
  maxUnpaidSeats: 10,
  deviceHistoryDays: 7,
  classFares: { Economy: 1, 'Premium Economy': 1.6, Business: 2.5, 'First Class': 4 },
};

const puts: Record<string, unknown>[] = [];
const server = setupServer(
  http.get('/api/settings', () => HttpResponse.json(SAVED)),
  http.put('/api/settings', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    puts.push(body);
    return HttpResponse.json({ message: 'Updated successfully!', settings: { ...SAVED, ...body, mail: SAVED.mail, smtp: SAVED.smtp } });
  }),
);

beforeAll(() => {
  stubDialogs();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  puts.length = 0;
});
afterAll(() => server.close());

const card = (name: string) => screen.getByRole('form', { name });

describe('admin settings cards', () => {
  it('each card checks its own fields with the spec texts', async () => {
    const user = userEvent.setup();
    renderDashboard(<SettingsCards />);
    await screen.findByRole('form', { name: 'Banking Information' });
    const checks: [string, string, string][] = [
      ['Banking Information', 'Bank name', 'All fields are required.'],
      ['Cash App Information', 'Cash App tag', 'Cash App name and tag are required.'],
      ['Email Notification', 'Sender email', 'Mail email and password are required.'],
      ['WhatsApp Link', 'WhatsApp link', 'WhatsApp link is required.'],
    ];
    for (const [name, field, text] of checks) {
      await user.clear(within(card(name)).getByLabelText(field));
      await user.click(within(card(name)).getByRole('button', { name: 'Update' }));
      expect(within(card(name)).getByRole('alert').textContent).toBe(text);
    }
    await user.click(within(card('Crypto Information')).getByRole('button', { name: 'Remove currency 1' }));
    await user.click(within(card('Crypto Information')).getByRole('button', { name: 'Update' }));
    expect(within(card('Crypto Information')).getByRole('alert').textContent).toBe('All fields in cryptoInfo are required.');
    await user.click(within(card('Crypto Information')).getByRole('button', { name: 'Add currency' }));
    await user.type(within(card('Crypto Information')).getByLabelText('Name'), 'BTC');
    await user.click(within(card('Crypto Information')).getByRole('button', { name: 'Update' }));
    expect(within(card('Crypto Information')).getByRole('alert').textContent).toBe('All fields in cryptoInfo are required.');
    expect(puts).toEqual([]);
  });

  it('Update sends the whole object, keeps the write-only password out, and says so', async () => {
    const user = userEvent.setup();
    renderDashboard(<SettingsCards />);
    const banking = await screen.findByRole('form', { name: 'Banking Information' });
    await user.clear(within(banking).getByLabelText('Bank name'));
    await user.type(within(banking).getByLabelText('Bank name'), 'Zenith Bank');
    await user.click(within(banking).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully!')).toBeTruthy();
    expect(puts[0]).toEqual({
      bankingInfo: { ...SAVED.bankingInfo, bankName: 'Zenith Bank' },
      cryptoInfo: SAVED.cryptoInfo,
      cashApp: SAVED.cashApp,
      mail: { name: 'ops@skyway.test' },
      whatsApp: SAVED.whatsApp,
      contact: SAVED.contact,
      paymentDeadlineHours: 24,
      cancellationPenaltyPercent: 10,
      reviewDeadlineHours: 48,
      maxUnpaidBookings: 3,
      maxUnpaidSeats: 10,
      classFares: SAVED.classFares,
    });
    const mail = card('Email Notification');
    expect(within(mail).getByLabelText('Email password').getAttribute('placeholder')).toBe('•••••• (saved)');
    await user.type(within(mail).getByLabelText('Email password'), 'new-secret');
    await user.click(within(mail).getByRole('button', { name: 'Update' }));
    await screen.findAllByText('Updated successfully!');
    expect(puts[1]?.mail).toEqual({ name: 'ops@skyway.test', password: 'new-secret' });
    expect(within(mail).getByLabelText<HTMLInputElement>('Email password').value).toBe('');
  });

  it('checks the deadline and the penalty', async () => {
    const user = userEvent.setup();
    renderDashboard(<SettingsCards />);
    const ops = await screen.findByRole('form', { name: 'Payments and mail server' });
    await user.clear(within(ops).getByLabelText('Cancellation penalty (%)'));
    await user.type(within(ops).getByLabelText('Cancellation penalty (%)'), '150');
    await user.click(within(ops).getByRole('button', { name: 'Update' }));
    expect(within(ops).getByRole('alert').textContent).toBe('Penalty must be 0 to 100 percent');
    await user.clear(within(ops).getByLabelText('Cancellation penalty (%)'));
    await user.type(within(ops).getByLabelText('Cancellation penalty (%)'), '15');
    await user.click(within(ops).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully!')).toBeTruthy();
    expect(puts[0]).toMatchObject({ cancellationPenaltyPercent: 15, paymentDeadlineHours: 24 });
    expect(puts[0]).not.toHaveProperty('smtpUrl');
  });

  it('checks and saves the seat-hold rules', async () => {
    const user = userEvent.setup();
    renderDashboard(<SettingsCards />);
    const holds = await screen.findByRole('form', { name: 'Seat holds' });
    await user.clear(within(holds).getByLabelText('Unpaid seats per account'));
    await user.click(within(holds).getByRole('button', { name: 'Update' }));
    expect(within(holds).getByRole('alert').textContent).toBe('Unpaid seats must be 1 to 240');
    await user.type(within(holds).getByLabelText('Unpaid seats per account'), '6');
    await user.clear(within(holds).getByLabelText('Review deadline (hours)'));
    await user.type(within(holds).getByLabelText('Review deadline (hours)'), '200');
    await user.click(within(holds).getByRole('button', { name: 'Update' }));
    expect(within(holds).getByRole('alert').textContent).toBe('Review deadline must be 1 to 168 hours');
    expect(puts).toEqual([]);
    await user.clear(within(holds).getByLabelText('Review deadline (hours)'));
    await user.type(within(holds).getByLabelText('Review deadline (hours)'), '24');
    await user.click(within(holds).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully!')).toBeTruthy();
    expect(puts[0]).toMatchObject({ reviewDeadlineHours: 24, maxUnpaidBookings: 3, maxUnpaidSeats: 6, paymentDeadlineHours: 24 });
  });

  it('checks and saves the days of history on admin devices', async () => {
    const user = userEvent.setup();
    renderDashboard(<SettingsCards />);
    const devices = await screen.findByRole('form', { name: 'Admin devices' });
    const days = within(devices).getByLabelText('Days of history on admin devices');
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(devices).getByRole('button', { name: 'Update' }));
    expect(within(devices).getByRole('alert').textContent).toBe('Days on admin devices must be 1 to 90');
    expect(puts).toEqual([]);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(devices).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully!')).toBeTruthy();
    expect(puts[0]).toMatchObject({ deviceHistoryDays: 30, maxUnpaidSeats: 10 });
  });

  it('checks and saves the class fares, Economy fixed at the flight price', async () => {
    const user = userEvent.setup();
    renderDashboard(<SettingsCards />);
    const fares = await screen.findByRole('form', { name: 'Class fares' });
    expect(within(fares).getByLabelText<HTMLInputElement>('Economy (x flight price)').readOnly).toBe(true);
    const business = within(fares).getByLabelText('Business (x Economy)');
    await user.clear(business);
    await user.type(business, '12');
    await user.click(within(fares).getByRole('button', { name: 'Update' }));
    expect(within(fares).getByRole('alert').textContent).toBe('Class fares must be 1 to 10 times the Economy fare');
    await user.clear(business);
    await user.click(within(fares).getByRole('button', { name: 'Update' }));
    expect(within(fares).getByRole('alert').textContent).toBe('Class fares must be 1 to 10 times the Economy fare');
    expect(puts).toEqual([]);
    await user.type(business, '3');
    await user.click(within(fares).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully!')).toBeTruthy();
    expect(puts[0]).toMatchObject({ classFares: { Economy: 1, 'Premium Economy': 1.6, Business: 3, 'First Class': 4 }, maxUnpaidSeats: 10 });
  });
});
