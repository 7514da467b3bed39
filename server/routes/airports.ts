import { Router } from 'express';
import { AirportBodySchema, AirportDeleteBodySchema, AirportQuerySchema, AirportUpdateBodySchema } from '../../sync/schemas/airport';
import type { AppContext } from '../context';
import { caller } from '../middleware/auth';
import { createAirport } from '../mutations/create-airport';
import { deleteAirport } from '../mutations/delete-airport';
import { runMutation } from '../mutations/run';
import { updateAirport } from '../mutations/update-airport';
import { getAirport, listAirports, toAirportJson } from '../services/catalogue/airports';
import { validate } from '../validate';

export function airportRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/airports', async (req, res) => {
    const query = validate(AirportQuerySchema, req.query);
    if (query.id) {
      res.json(toAirportJson(await getAirport(ctx.db, query.id)));
      return;
    }
    res.json((await listAirports(ctx.db)).map(toAirportJson));
  });

  router.post('/airports', async (req, res) => {
    const airport = await runMutation(ctx, createAirport, caller(req, 'catalogue.edit'), validate(AirportBodySchema, req.body));
    res.status(201).json({ message: 'Airport created successfully', airport: toAirportJson(airport) });
  });

  router.put('/airports', async (req, res) => {
    const airport = await runMutation(ctx, updateAirport, caller(req, 'catalogue.edit'), validate(AirportUpdateBodySchema, req.body));
    res.json({ message: 'Airport updated successfully', airport: toAirportJson(airport) });
  });

  router.delete('/airports', async (req, res) => {
    await runMutation(ctx, deleteAirport, caller(req, 'catalogue.edit'), validate(AirportDeleteBodySchema, req.body));
    res.json({ message: 'Airport deleted successfully' });
  });

  return router;
}
