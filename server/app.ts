import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ErrorBody } from '../sync/schemas/common';
import type { AppContext } from './context';
import { constraintRejection } from './db/constraints';
import { faultAnswer } from './db/faults';
import { AppError, NotNow } from './errors';
import { may } from './policies';
import { authenticate } from './middleware/auth';
import { requestLog } from './middleware/request-log';
import { publicMetricsRoute } from './metrics/endpoint';
import { RouteLabels } from './metrics/http-routes';
import { securityHeaders } from './middleware/security-headers';
import { writeGate } from './middleware/write-gate';
import { adminRoutes } from './routes/admin';
import { adminUserRoutes } from './routes/admin-users';
import { airportRoutes } from './routes/airports';
import { authRoutes } from './routes/auth';
import { emailVerificationRoutes } from './routes/email-verification';
import { bookingRoutes } from './routes/bookings';
import { chatRoutes } from './routes/chat';
import { contactRoutes } from './routes/contact';
import { couponRoutes } from './routes/coupons';
import { flightSearchRoutes } from './routes/flight-search';
import { flightRoutes } from './routes/flights';
import { imageRoutes } from './routes/images';
import { overviewRoutes } from './routes/overview';
import { passwordResetRoutes } from './routes/password-reset';
import { paymentRoutes } from './routes/payments';
import { pushRoutes } from './routes/push';
import { bySegment } from './routes/by-segment';
import { settingsRoutes } from './routes/settings';
import { syncRoutes } from './routes/sync';
import { userRoutes } from './routes/users';
import { PWA_DIST, servePwa } from './pwa-pages';

/** Public reads answered from memory, already encoded: mounted before the body parser, compression and the session. */
const FAST_PATH = [flightSearchRoutes];

const ROUTERS = [
  authRoutes,
  userRoutes,
  airportRoutes,
  flightRoutes,
  settingsRoutes,
  imageRoutes,
  bookingRoutes,
  paymentRoutes,
  adminRoutes,
  adminUserRoutes,
  overviewRoutes,
  syncRoutes,
  chatRoutes,
  couponRoutes,
  contactRoutes,
  passwordResetRoutes,
  emailVerificationRoutes,
  pushRoutes,
];

/** Every router mounted under /api, in one list so tests can walk all routes. */
export function apiRouters(ctx: AppContext) {
  return [...FAST_PATH, ...ROUTERS].map((make) => make(ctx));
}

function errorBodyFor(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const rejection = constraintRejection(error);
  if (rejection) return rejection;
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, code, status, expose } = error as { type?: unknown; code?: unknown; status?: unknown; expose?: unknown };
  if (type === 'entity.parse.failed') return new AppError(400, 'Malformed JSON body');
  if (type === 'entity.too.large') return new AppError(413, 'Request body is too large');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') return new AppError(415, 'Unsupported body encoding');
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return new AppError(400, 'Unexpected upload form');
  // Other client errors raised by Express and its parsers (a body that is not valid gzip, a path with a
  // broken %-escape): their own status, with a fixed message, since theirs may echo the raw input.
  if (typeof status === 'number' && status >= 400 && status < 500 && expose !== false) return new AppError(status, 'Malformed request');
  return undefined;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(`non-error thrown: ${String(error)}`);
}

/**
 * NOTE: unknown errors are not logged here. Handing them to the request log as `res.err` makes its one
 * line per request carry the error with the request id (also sent as X-Request-Id), so a failure
 * is logged exactly once and can be matched to the report of the person who saw it.
 */
function errorHandler(ctx: AppContext) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express knows an error handler by its four parameters.
  return (error: unknown, _req: Request, res: Response, _next: NextFunction) => handleError(ctx, error, res);
}

function handleError(ctx: AppContext, error: unknown, res: Response) {
  if (res.headersSent) {
    // Failing halfway through an answer: cut the connection rather than end a truncated body as if whole.
    res.err = asError(error);
    res.destroy();
    return;
  }
  const fault = faultAnswer(error);
  if (fault) {
    // A lock held past the busy timeout or a full disk: said as "not now", logged with its cause.
    if (fault.status === 507) ctx.machine.noteFull();
    res.err = asError(error);
  }
  const known = errorBodyFor(error) ?? fault;
  if (known) {
    ctx.metrics.refused(known.status);
    if (known instanceof NotNow) res.setHeader('Retry-After', String(known.retryAfterSeconds));
    res.status(known.status).json(known.toBody());
    return;
  }
  res.err = asError(error);
  res.status(500).json({ code: 'internal', message: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
}

/** The whole app; `pwaDir` is the PWA build it serves (tests pass their own). */
export function createApp(ctx: AppContext, pwaDir = PWA_DIST): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.env.TRUST_PROXY ?? false);
  const routes = new RouteLabels();
  app.use(
    requestLog(ctx.log, (req, res, seconds) => {
      const status = res.writableFinished ? res.statusCode : 0;
      ctx.metrics.request(req.method, routes.of(req, status), status, seconds);
    }),
  );
  app.use(securityHeaders());
  publicMetricsRoute(app, ctx);
  for (const router of routes.learnt(
    '/api',
    FAST_PATH.map((make) => make(ctx)),
  ))
    app.use('/api', router);
  app.use(compression());
  app.use(express.json({ limit: '200kb', strict: true }));
  app.use(authenticate(ctx));

  /** Anyone may ask whether the server is well; how (engine, free bytes, lost log lines) is for admins. */
  app.get('/api/health', async (req, res) => {
    const admin = may('backOffice', req.user);
    // The oldest transaction's age reads pg_stat_activity: only for those who are shown it, not every probe.
    const oldest = admin ? await ctx.database.oldestTransactionSeconds?.() : undefined;
    const health = ctx.machine.health(ctx.database.engine, await ctx.database.ping(), oldest);
    res.status(health.database === 'ok' ? 200 : 503).json(admin ? health : { status: health.status });
  });
  app.use('/api', writeGate(ctx));
  app.use(
    '/api',
    bySegment(
      routes.learnt(
        '/api',
        ROUTERS.map((make) => make(ctx)),
      ),
    ),
  );
  app.use('/api', (_req, _res, next) => {
    next(new AppError(404, 'Not found'));
  });

  servePwa(app, ctx, pwaDir);
  app.use((_req, _res, next) => {
    next(new AppError(404, 'Not found'));
  });
  app.use(errorHandler(ctx));
  routes.learnt('', [app.router]);
  return app;
}
