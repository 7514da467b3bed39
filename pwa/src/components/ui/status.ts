import type { BookingStatus, PaymentStatus } from '../../../../sync/constants';

export type Tone = 'success' | 'pending' | 'danger' | 'info' | 'muted';

/** Product rules §10.10: confirmed and pending have their own look; any other booking status is shown red. */
export function bookingTone(status: BookingStatus): Tone {
  if (status === 'confirmed') return 'success';
  if (status === 'pending') return 'pending';
  return 'danger';
}

/** A successful payment reads 'completed' to travellers and 'Confirmed' to admins (product rules §4.2). */
export function paymentLabel(status: PaymentStatus, audience: 'traveller' | 'admin'): string {
  if (status !== 'successful') return status;
  return audience === 'admin' ? 'Confirmed' : 'completed';
}

export function paymentTone(status: PaymentStatus): Tone {
  if (status === 'successful') return 'success';
  if (status === 'pending') return 'pending';
  return 'danger';
}

/** Product rules §10.10: scheduled, delayed, cancelled and departed each have a look; anything else is grey. */
export function flightTone(status: string): Tone {
  const tones: Record<string, Tone> = { scheduled: 'info', delayed: 'pending', cancelled: 'danger', departed: 'success' };
  return tones[status] ?? 'muted';
}
