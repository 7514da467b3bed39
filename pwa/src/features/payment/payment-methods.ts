import type { PaymentMethod } from '../../../../sync/constants';

export type MethodKey = 'mobile' | 'bank' | 'card' | 'crypto' | 'cashApp';

export type MethodInfo = {
  key: MethodKey;
  name: string;
  description: string;
  /** The server's payment method, for the methods that lead to a working payment. */
  method?: PaymentMethod;
};

/** The five options of the payment page, in the spec's order. */
export const METHODS: readonly MethodInfo[] = [
  { key: 'mobile', name: 'Mobile Transfer', description: 'Pay from your mobile banking app.' },
  { key: 'bank', name: 'Bank Transfer', description: 'Transfer to our bank account and upload the receipt.', method: 'bank_transfer' },
  { key: 'card', name: 'Credit / Debit Card', description: 'Visa, Mastercard and American Express.' },
  { key: 'crypto', name: 'Cryptocurrency', description: 'Pay with a supported coin to our wallet.', method: 'crypto' },
  { key: 'cashApp', name: 'Cash App', description: 'Send the amount to our Cash App tag.', method: 'cashApp' },
];
