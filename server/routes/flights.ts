import { Router } from 'express';
import { LowestFaresQuerySchema } from '../../sync/schemas/lowest-fares';
import { FlightBodySchema, FlightIdParamsSchema, FlightUpdateBodySchema } from '../../sync/schemas/flight';
import type { AppContext } from '../context';
import { caller } from '../middleware/auth';
import { createFlight } from '../mutations/create-flight';
import { deleteFlight } from '../mutations/delete-flight';
import { runMutation } from '../mutations/run';
import { updateFlight } from '../mutations/update-flight';
import { getFlight, takenSeats } from '../services/catalogue/flight-reads';
import { lowestFares } from '../services/catalogue/lowest-fares';
import { validate } from '../validate';

export function flightRoutes(ctx: AppContext): Router {
  const router = Router();

  // Before /flights/:id, which would take 'lowest-fares' for an id.
  router.get('/flights/lowest-fares', async (req, res) => {
    res.json(await lowestFares(ctx, validate(LowestFaresQuerySchema, req.query)));
  });

  router.get('/flights/:id', async (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    res.json(await getFlight(ctx.db, id, ctx.now()));
  });

  router.get('/flights/:id/seat', async (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    res.json(await takenSeats(ctx.db, id, ctx.now()));
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
