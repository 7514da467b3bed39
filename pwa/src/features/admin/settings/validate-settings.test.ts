import { describe, expect, it } from 'vitest';
import {
  bankingError,
  cashAppError,
  classFaresError,
  classFaresOf,
  cryptoError,
  holdRulesError,
  mailError,
  operationsError,
  whatsAppError,
} from './validate-settings';

const bank = { accountNumber: '0123456789', accountName: 'SkyWay Ltd', bankName: 'First Bank', routing: '', address: '' };
const coin = { name: 'USDT', network: 'TRC20', address: 'TXyz0123456789', rate: '1' };

describe('settings validation texts', () => {
  it('banking needs account number, account name and bank name', () => {
    expect(bankingError(bank)).toBeNull();
    for (const key of ['accountNumber', 'accountName', 'bankName'] as const) expect(bankingError({ ...bank, [key]: ' ' })).toBe('All fields are required.');
  });

  it('crypto needs at least one complete coin with a rate above 0', () => {
    expect(cryptoError([coin])).toBeNull();
    expect(cryptoError([])).toBe('All fields in cryptoInfo are required.');
    for (const patch of [{ name: '' }, { network: '' }, { address: '' }, { rate: '' }, { rate: '0' }, { rate: 'x' }]) {
      expect(cryptoError([coin, { ...coin, ...patch }])).toBe('All fields in cryptoInfo are required.');
    }
  });

  it('cash app, mail and WhatsApp use the spec texts', () => {
    expect(cashAppError({ tag: '$skyway', name: '' })).toBe('Cash App name and tag are required.');
    expect(cashAppError({ tag: '$skyway', name: 'SkyWay' })).toBeNull();
    expect(mailError('', 'secret', false)).toBe('Mail email and password are required.');
    expect(mailError('ops@skyway.test', '', false)).toBe('Mail email and password are required.');
    expect(mailError('ops@skyway.test', '', true)).toBeNull();
    expect(mailError('not-an-email', 'secret', true)).toBe('Mail email must be a valid email');
    expect(whatsAppError('  ')).toBe('WhatsApp link is required.');
    expect(whatsAppError('https://wa.me/15550000000')).toBeNull();
  });

  it('checks the deadline, the penalty and the SMTP URL', () => {
    const ok = { paymentDeadlineHours: '24', cancellationPenaltyPercent: '10', smtpUrl: '' };
    expect(operationsError(ok)).toBeNull();
    expect(operationsError({ ...ok, paymentDeadlineHours: '0' })).toBe('Payment deadline must be 1 to 168 hours');
    expect(operationsError({ ...ok, paymentDeadlineHours: '' })).toBe('Payment deadline must be 1 to 168 hours');
    expect(operationsError({ ...ok, paymentDeadlineHours: '2.5' })).toBe('Payment deadline must be 1 to 168 hours');
    expect(operationsError({ ...ok, cancellationPenaltyPercent: '' })).toBe('Penalty must be 0 to 100 percent');
    expect(operationsError({ ...ok, cancellationPenaltyPercent: '101' })).toBe('Penalty must be 0 to 100 percent');
    expect(operationsError({ ...ok, smtpUrl: 'http://mail' })).toBe('SMTP URL must start with smtp:// or smtps://');
  });

  it('checks the review deadline and the unpaid-holds cap as whole numbers in range', () => {
    const ok = { reviewDeadlineHours: '48', maxUnpaidBookings: '3', maxUnpaidSeats: '10' };
    expect(holdRulesError(ok)).toBeNull();
    for (const value of ['', '0', '169', '1.5', 'x'])
      expect(holdRulesError({ ...ok, reviewDeadlineHours: value })).toBe('Review deadline must be 1 to 168 hours');
    expect(holdRulesError({ ...ok, maxUnpaidBookings: '101' })).toBe('Unpaid bookings must be 1 to 100');
    expect(holdRulesError({ ...ok, maxUnpaidSeats: '241' })).toBe('Unpaid seats must be 1 to 240');
  });

  it('checks each class fare is 1 to 10 times Economy', () => {
    const ok = { 'Premium Economy': '1.6', Business: '2.5', 'First Class': '4' };
    expect(classFaresError(ok)).toBeNull();
    expect(classFaresOf(ok)).toEqual({ Economy: 1, 'Premium Economy': 1.6, Business: 2.5, 'First Class': 4 });
    for (const value of ['', '0.9', '10.5', 'x', '-2'])
      expect(classFaresError({ ...ok, 'First Class': value })).toBe('Class fares must be 1 to 10 times the Economy fare');
    expect(classFaresError({ ...ok, Business: '10' })).toBeNull();
  });
});
