import { Router } from 'express';
import { UserRoleBodySchema, UserSearchQuerySchema, UserStatusBodySchema } from '../../sync/schemas/admin-user';
import { IdParamsSchema } from '../../sync/schemas/common';
import type { AppContext } from '../context';
import { caller, gate } from '../middleware/auth';
import { limitsOf } from '../middleware/rate-limits';
import { runMutation } from '../mutations/run';
import { setUserRole } from '../mutations/set-user-role';
import { setUserStatus } from '../mutations/set-user-status';
import { accountDetail, accountOf, searchAccounts } from '../services/identity/accounts';
import { validate } from '../validate';

/** The users page: find accounts, read one with its bookings, change its role or status. */
export function adminUserRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/admin/users', async (req, res) => {
    caller(req, 'user.manage');
    const { items, total } = await searchAccounts(ctx.db, validate(UserSearchQuerySchema, req.query));
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  router.get('/admin/users/:id', async (req, res) => {
    caller(req, 'user.manage');
    res.json(await accountDetail(ctx.db, validate(IdParamsSchema, req.params).id));
  });

  router.put('/admin/users/:id/role', gate('user.setRole'), ...limitsOf(ctx, setUserRole), async (req, res) => {
    const { id } = validate(IdParamsSchema, req.params);
    const updated = await runMutation(ctx, setUserRole, caller(req, 'user.setRole'), { ...validate(UserRoleBodySchema, req.body), userId: id });
    res.json(await accountOf(ctx.db, updated));
  });

  router.put('/admin/users/:id/status', gate('user.manage'), ...limitsOf(ctx, setUserStatus), async (req, res) => {
    const { id } = validate(IdParamsSchema, req.params);
    const updated = await runMutation(ctx, setUserStatus, caller(req, 'user.manage'), { ...validate(UserStatusBodySchema, req.body), userId: id });
    res.json(await accountOf(ctx.db, updated));
  });

  return router;
}
