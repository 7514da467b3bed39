import { Router } from 'express';
import { CouponBodySchema, INVALID_COUPON } from '../../sync/schemas/coupon';
import { AppError } from '../errors';
import { validate } from '../validate';

/** Coupons do not exist yet (product rules §2.6): every code is answered as invalid. */
export function couponRoutes(): Router {
  const router = Router();

  router.post('/coupons/validate', (req) => {
    validate(CouponBodySchema, req.body);
    throw new AppError(404, INVALID_COUPON);
  });

  return router;
}
