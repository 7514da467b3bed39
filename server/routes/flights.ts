import { Router } from 'express';
import { FlightBodySchema, FlightIdParamsSchema, FlightSearchQuerySchema, FlightUpdateBodySchema } from '../../sync/schemas/flight';
import type { AppContext } from '../context';
import { requireAdmin } from '../middleware/auth';
import { createFlight, deleteFlight, getFlight, searchFlights, takenSeats, updateFlight } from '../services/flights';
import { validate } from '../validate';

export function flightRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/flights', (req, res) => {
    res.json(searchFlights(ctx, validate(FlightSearchQuerySchema, req.query)));
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

  router.put('/flights/:id', requireAdmin, (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    const flight = updateFlight(ctx, id, validate(FlightUpdateBodySchema, req.body));
    res.json({ message: 'Flight updated successfully', flight });
  });

  router.delete('/flights/:id', requireAdmin, (req, res) => {
    const { id } = validate(FlightIdParamsSchema, req.params);
    deleteFlight(ctx, id);
    res.json({ message: 'Flight deleted successfully' });
  });

  return router;
}
