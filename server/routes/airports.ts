import { Router } from 'express';
import { AirportBodySchema, AirportDeleteBodySchema, AirportQuerySchema, AirportUpdateBodySchema } from '../../sync/schemas/airport';
import type { AppContext } from '../context';
import { gate } from '../middleware/auth';
import { createAirport, deleteAirport, getAirport, listAirports, toAirportJson, updateAirport } from '../services/airports';
import { validate } from '../validate';

export function airportRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/airports', (req, res) => {
    const query = validate(AirportQuerySchema, req.query);
    if (query.id) {
      res.json(toAirportJson(getAirport(ctx.db, query.id)));
      return;
    }
    res.json(listAirports(ctx.db).map(toAirportJson));
  });

  router.post('/airports', gate('catalogue.edit'), (req, res) => {
    const airport = createAirport(ctx, validate(AirportBodySchema, req.body));
    res.status(201).json({ message: 'Airport created successfully', airport: toAirportJson(airport) });
  });

  router.put('/airports', gate('catalogue.edit'), (req, res) => {
    const { id, ...fields } = validate(AirportUpdateBodySchema, req.body);
    const airport = updateAirport(ctx, id, fields);
    res.json({ message: 'Airport updated successfully', airport: toAirportJson(airport) });
  });

  router.delete('/airports', gate('catalogue.edit'), (req, res) => {
    const { id } = validate(AirportDeleteBodySchema, req.body);
    deleteAirport(ctx, id);
    res.json({ message: 'Airport deleted successfully' });
  });

  return router;
}
