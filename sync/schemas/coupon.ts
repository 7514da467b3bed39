import { z } from 'zod';

export const INVALID_COUPON = 'Invalid coupon code';

export const CouponBodySchema = z.object({
  code: z.string({ error: 'Enter a coupon code' }).trim().min(1, 'Enter a coupon code').max(40, INVALID_COUPON),
});
