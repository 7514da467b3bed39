import express from 'express';
import { z } from 'zod';

/**
 * Bare Express, the yardstick of `npm run bench`: one route answering a small JSON body, no middleware,
 * run the way the server runs (tsx, one process). Every rate the bench reports is also given as a share
 * of this one, measured in the same run, since absolute rates do not carry from one machine to the next.
 */
const { PORT, HOST } = z.object({ PORT: z.coerce.number().int().min(1).max(65535), HOST: z.string().default('127.0.0.1') }).parse(process.env);
const app = express();
app.disable('x-powered-by');
app.get('/api/health', (_req, res) => {
  res.json({ status: 'ok' });
});
const server = app.listen(PORT, HOST);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
