import { Router } from 'express';
import { z } from 'zod';
import { PAGE_SIZE } from '../../sync/constants';
import { FlightBodySchema, FlightIdParamsSchema, FlightSearchQuerySchema, FlightUpdateBodySchema } from '../../sync/schemas/flight';
import type { AppContext } from '../context';
import { currentAdmin, requireAdmin } from '../middleware/auth';
import { searchFlightsPage } from '../services/flight-paging';
import { createFlight, deleteFlight, getFlight, searchFlights, takenSeats, updateFlight } from '../services/flights';
import { validate } from '../validate';

/** Optional paging of GET /flights; without either parameter the whole matching list is answered. */
const FlightPagingQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(100_000, 'page is too large').optional(),
  limit: z.coerce.number({ error: 'limit must be 1 to 100' }).int('limit must be 1 to 100').min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100').optional(),
});

export function flightRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/flights', (req, res) => {
    const query = validate(FlightSearchQuerySchema, req.query);
    const paging = validate(FlightPagingQuerySchema, req.query);
    if (paging.page === undefined && paging.limit === undefined) {
      res.json(searchFlights(ctx, query));
      return;
    }
    const { items, total } = searchFlightsPage(ctx, query, { page: paging.page ?? 1, limit: paging.limit ?? PAGE_SIZE });
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  router.get('/flights/:id', (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    res.json(getFlight(ctx, ctx.db, id));
  });

  router.get('/flights/:id/seat', (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    res.json(takenSeats(ctx, id));
  });

  router.post('/flights', requireAdmin, (req, res) => {
    const flight = createFlight(ctx, validate(FlightBodySchema, req.body));
    res.status(201).json({ message: 'Flight created successfully', flight });
  });

  router.put('/flights/:id', (req, res) => {
    const admin = currentAdmin(req);
    const { id } = validate(FlightIdParamsSchema, req.params);
    const flight = updateFlight(ctx, id, validate(FlightUpdateBodySchema, req.body), admin.id);
    res.json({ message: 'Flight updated successfully', flight });
  });

  router.delete('/flights/:id', requireAdmin, (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    deleteFlight(ctx, id);
    res.json({ message: 'Flight deleted successfully' });
  });

  return router;
}
