import { Router } from 'express';
import { z } from 'zod';
import { FLIGHT_PAGE_MAX } from '../../sync/constants';
import { LowestFaresQuerySchema } from '../../sync/schemas/lowest-fares';
import { FlightBodySchema, FlightIdParamsSchema, FlightSearchQuerySchema, FlightUpdateBodySchema } from '../../sync/schemas/flight';
import type { AppContext } from '../context';
import { caller } from '../middleware/auth';
import { createFlight } from '../mutations/create-flight';
import { deleteFlight } from '../mutations/delete-flight';
import { runMutation } from '../mutations/run';
import { updateFlight } from '../mutations/update-flight';
import { searchAnswer } from '../services/catalogue/search-answers';
import { getFlight, takenSeats } from '../services/catalogue/flights';
import { lowestFares } from '../services/catalogue/lowest-fares';
import { validate } from '../validate';

/**
 * GET /flights always answers one page (the spec's array) with X-Total-Count: the whole catalogue is
 * about 5,600 flights, too much to send to anyone who asks. Without parameters it is the first page.
 */
const LIMIT = `limit must be 1 to ${FLIGHT_PAGE_MAX}`;
const FlightPagingQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page is too large')
    .default(1),
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(FLIGHT_PAGE_MAX, LIMIT).default(FLIGHT_PAGE_MAX),
});

export function flightRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/flights', async (req, res) => {
    const query = validate(FlightSearchQuerySchema, req.query);
    const paging = validate(FlightPagingQuerySchema, req.query);
    const { body, etag, total } = await searchAnswer(ctx, query, paging);
    res.setHeader('X-Total-Count', String(total));
    // Express answers 304 when the browser's If-None-Match names this ETag.
    res.setHeader('ETag', etag);
    res.type('json').send(body);
  });

  // Before /flights/:id, which would take 'lowest-fares' for an id.
  router.get('/flights/lowest-fares', async (req, res) => {
    res.json(await lowestFares(ctx, validate(LowestFaresQuerySchema, req.query)));
  });

  router.get('/flights/:id', async (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    res.json(await getFlight(ctx, ctx.db, id));
  });

  router.get('/flights/:id/seat', async (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    res.json(await takenSeats(ctx, id));
  });

  router.post('/flights', async (req, res) => {
    const flight = await runMutation(ctx, createFlight, caller(req, 'catalogue.edit'), validate(FlightBodySchema, req.body));
    res.status(201).json({ message: 'Flight created successfully', flight });
  });

  router.put('/flights/:id', async (req, res) => {
    const admin = caller(req, 'catalogue.edit');
    const { id } = validate(FlightIdParamsSchema, req.params);
    const saved = await runMutation(ctx, updateFlight, admin, { id, changes: validate(FlightUpdateBodySchema, req.body) });
    res.json({ message: 'Flight updated successfully', ...saved });
  });

  router.delete('/flights/:id', async (req, res) => {
    const admin = caller(req, 'catalogue.edit');
    await runMutation(ctx, deleteFlight, admin, validate(FlightIdParamsSchema, req.params));
    res.json({ message: 'Flight deleted successfully' });
  });

  return router;
}
