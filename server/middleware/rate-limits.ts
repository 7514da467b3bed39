import type { Request } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { may } from '../policies';
import type { UserRow } from '../actor';
import type { LimitName } from '../limit-names';
import { RedisStore } from './redis-store';

export type { LimitName };

/** One rule per abuse-prone action: at most `limit` requests per `windowMs`, counted per key. */
export type LimitRule = {
  limit: number;
  windowMs: number;
  /**
   * 'ip': the client address (IPv6 by /56 subnet); 'caller': the signed-in user, else the address;
   * 'email': the account the body's `email` names, else the address.
   */
  key: 'ip' | 'caller' | 'email';
  /** Count only answers of 400 and above, so honest callers never use up the limit. */
  failuresOnly?: boolean;
  /** Admins working through bookings by hand are not counted. */
  exemptAdmins?: boolean;
  message: string;
};

const MINUTE = 60_000;
const LIFTED = 1_000_000;

/**
 * The production limits. NOTE: log-in counts failures only: the per-e-mail lockout (services/identity/lockout.ts)
 * stops guessing one account, this stops one address trying many accounts, and people who type their
 * password right are never slowed down, even behind one office NAT.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<LimitName, LimitRule>> = {
  login: {
    limit: 30,
    windowMs: 15 * MINUTE,
    key: 'ip',
    failuresOnly: true,
    message: 'Too many log-in attempts from your network. Please wait 15 minutes and try again.',
  },
  guestLogin: { limit: 20, windowMs: 15 * MINUTE, key: 'ip', message: 'Too many guest chat log-ins. Please wait 15 minutes and try again.' },
  track: { limit: 30, windowMs: 15 * MINUTE, key: 'ip', message: 'Too many tracking attempts. Please wait 15 minutes and try again.' },
  chatSend: { limit: 30, windowMs: MINUTE, key: 'caller', message: 'You are sending messages too quickly. Please wait a minute and try again.' },
  upload: { limit: 60, windowMs: 15 * MINUTE, key: 'caller', message: 'Too many uploads. Please wait 15 minutes and try again.' },
  // Guests are cheap to make (guestLogin), so one address gets its own upload budget whoever signs in.
  uploadAddress: { limit: 60, windowMs: 15 * MINUTE, key: 'ip', message: 'Too many uploads from your network. Please wait 15 minutes and try again.' },
  passwordReset: { limit: 5, windowMs: 60 * MINUTE, key: 'ip', message: 'Too many password reset requests. Please wait an hour and try again.' },
  // Booking, 'I have made payment' (or a receipt), cancelling and switching a payment's method hold seats,
  // send mail or write audit rows: counted per account, and all together per address so new accounts from
  // one network do not multiply them.
  booking: {
    limit: 10,
    windowMs: 60 * MINUTE,
    key: 'caller',
    exemptAdmins: true,
    message: 'Too many bookings from your account. Please wait an hour and try again.',
  },
  paymentClaim: {
    limit: 10,
    windowMs: 60 * MINUTE,
    key: 'caller',
    exemptAdmins: true,
    message: 'Too many payment confirmations from your account. Please wait an hour and try again.',
  },
  bookingCancel: {
    limit: 10,
    windowMs: 60 * MINUTE,
    key: 'caller',
    exemptAdmins: true,
    message: 'Too many cancellations from your account. Please wait an hour and try again.',
  },
  // Browsing the methods of one checkout switches a few times; more than this is not a traveller choosing.
  paymentMethod: {
    limit: 30,
    windowMs: 60 * MINUTE,
    key: 'caller',
    exemptAdmins: true,
    message: 'Too many payment method changes from your account. Please wait an hour and try again.',
  },
  bookingAddress: {
    limit: 60,
    windowMs: 60 * MINUTE,
    key: 'ip',
    exemptAdmins: true,
    message: 'Too many booking changes from your network. Please wait an hour and try again.',
  },
  // Password hashing costs tens of milliseconds of CPU: every route that may hash or verify one is limited.
  passwordResetAccount: { limit: 3, windowMs: 60 * MINUTE, key: 'email', message: 'Too many password reset requests. Please wait an hour and try again.' },
  resetPassword: {
    limit: 10,
    windowMs: 15 * MINUTE,
    key: 'ip',
    failuresOnly: true,
    message: 'Too many password reset attempts. Please wait 15 minutes and try again.',
  },
  register: { limit: 50, windowMs: 15 * MINUTE, key: 'ip', message: 'Too many sign-ups from your network. Please wait 15 minutes and try again.' },
  currentPassword: {
    limit: 5,
    windowMs: 15 * MINUTE,
    key: 'caller',
    failuresOnly: true,
    message: 'Too many wrong current passwords. Please wait 15 minutes and try again.',
  },
  // Confirmation links (resent, or for a new e-mail) go to an address nobody has proven yet: per account and per address.
  verifyMail: { limit: 5, windowMs: 60 * MINUTE, key: 'caller', message: 'Too many confirmation e-mails. Please wait an hour and try again.' },
  verifyMailAddress: {
    limit: 20,
    windowMs: 60 * MINUTE,
    key: 'ip',
    message: 'Too many confirmation e-mails from your network. Please wait an hour and try again.',
  },
  // Admins too: a stolen admin session should not disable or demote every account in a minute, nor
  // read the whole audit out over and over (each export reads up to AUDIT_EXPORT_MAX rows).
  accountChange: { limit: 30, windowMs: 15 * MINUTE, key: 'caller', message: 'Too many account changes. Please wait 15 minutes and try again.' },
  auditExport: { limit: 10, windowMs: 15 * MINUTE, key: 'caller', message: 'Too many audit exports. Please wait 15 minutes and try again.' },
  // Turning notifications on and off writes a row each time; a person toggles a few times, not dozens.
  pushSubscription: {
    limit: 30,
    windowMs: 60 * MINUTE,
    key: 'caller',
    message: 'Too many notification changes. Please wait an hour and try again.',
  },
  // Each mutation of a sync push is a write transaction (about 0.3 ms of the main thread): whatever its kind,
  // it takes one unit, so a client cannot have 100 of them applied per request without end.
  syncMutation: {
    limit: 60,
    windowMs: MINUTE,
    key: 'caller',
    message: 'Too many changes sent at once. Please wait a minute and try again.',
  },
};

function bodyEmail(req: Request): string | undefined {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

function clientKey(req: Request, rule: LimitRule): string {
  const ip = ipKeyGenerator(req.ip ?? 'unknown');
  if (rule.key === 'email') {
    const email = bodyEmail(req);
    return email ? `email:${email}` : `ip:${ip}`;
  }
  return rule.key === 'caller' && req.user ? `user:${req.user.id}` : `ip:${ip}`;
}

/**
 * A ready limiter for one rule. `currentLimit` is read on every request so a test can lower or raise
 * it on a running server (a lifted one skips counting); the window is fixed when the limiter is made.
 * A refusal is a 429 in the product's error shape, through the one error middleware.
 */
export function makeLimiter(rule: LimitRule, currentLimit: () => number = () => rule.limit, store: Store = new MemoryStore()): RateLimitRequestHandler {
  return rateLimit({
    store,
    windowMs: rule.windowMs,
    limit: () => currentLimit(),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: rule.failuresOnly ?? false,
    // NOTE: a lifted limit counts nothing: counting and its headers took 0.6 ms a booking (two limiters) in a profile under load.
    skip: (req) => currentLimit() >= LIFTED || Boolean(rule.exemptAdmins && may('limits.exempt', req.user)),
    keyGenerator: (req) => clientKey(req, rule),
    handler: (_req, _res, next) => {
      next(new AppError(429, rule.message));
    },
  });
}

export type Limiters = Record<LimitName, RateLimitRequestHandler>;

/** The limiters a route runs before a mutation: those the mutation names (`limits`), which the sync push counts too. */
export function limitsOf(ctx: AppContext, mutation: { limits?: readonly LimitName[] }): RateLimitRequestHandler[] {
  const limiters = rateLimiters(ctx);
  return (mutation.limits ?? []).map((name) => limiters[name]);
}

/** Builds one value per limit name; written out once so a new name is a type error until handled. */
function perLimit<T>(make: (name: LimitName) => T): Record<LimitName, T> {
  return {
    login: make('login'),
    guestLogin: make('guestLogin'),
    track: make('track'),
    chatSend: make('chatSend'),
    upload: make('upload'),
    uploadAddress: make('uploadAddress'),
    passwordReset: make('passwordReset'),
    booking: make('booking'),
    paymentClaim: make('paymentClaim'),
    bookingCancel: make('bookingCancel'),
    paymentMethod: make('paymentMethod'),
    bookingAddress: make('bookingAddress'),
    passwordResetAccount: make('passwordResetAccount'),
    resetPassword: make('resetPassword'),
    register: make('register'),
    currentPassword: make('currentPassword'),
    verifyMail: make('verifyMail'),
    verifyMailAddress: make('verifyMailAddress'),
    accountChange: make('accountChange'),
    auditExport: make('auditExport'),
    pushSubscription: make('pushSubscription'),
    syncMutation: make('syncMutation'),
  };
}

type AppLimits = { limiters: Limiters; limits: Record<LimitName, number>; stores: Record<LimitName, Store> };
const perApp = new WeakMap<AppContext, AppLimits>();

function appLimits(ctx: AppContext): AppLimits {
  const existing = perApp.get(ctx);
  if (existing) return existing;
  const limits = perLimit((name) => (ctx.env.RATE_LIMITS === 'off' ? LIFTED : DEFAULT_RATE_LIMITS[name].limit));
  // With REDIS_URL every process serving the app counts in the same keys, one prefix per limit.
  const { redis } = ctx;
  const stores = perLimit((name): Store =>
    redis ? new RedisStore(redis.commands, `${redis.prefix}rl:${name}:`, DEFAULT_RATE_LIMITS[name].windowMs) : new MemoryStore(),
  );
  const created: AppLimits = { limits, stores, limiters: perLimit((name) => makeLimiter(DEFAULT_RATE_LIMITS[name], () => limits[name], stores[name])) };
  perApp.set(ctx, created);
  return created;
}

/**
 * The limiters of one running app: one set per AppContext, so test servers never share counters, except
 * through Redis when REDIS_URL is set (every process of one deployment counts together there).
 * Routes attach them: `router.post('/users/login-guest', rateLimiters(ctx).guestLogin, handler)`.
 */
export function rateLimiters(ctx: AppContext): Limiters {
  return appLimits(ctx).limiters;
}

/** Changes limits on a running app; tests use it to trip a limit quickly or to lift limits for load. */
export function setRateLimits(ctx: AppContext, limits: Partial<Record<LimitName, number>>): void {
  Object.assign(appLimits(ctx).limits, limits);
}

/** No practical limit: for suites that hammer the API from one address on purpose (fuzzing, load). */
export function liftRateLimits(ctx: AppContext): void {
  setRateLimits(
    ctx,
    perLimit(() => LIFTED),
  );
}

export type Caller = { id: string; role: UserRow['role']; ip: string };

/**
 * Counts one request against each of `names` for `caller`, the same counters the routes' limiters use
 * (work also arrives through the sync outbox). All or nothing: answers the first limit already used up,
 * having counted nothing, or null when every limit took it.
 */
export async function takeRequest(ctx: AppContext, names: readonly LimitName[], caller: Caller): Promise<LimitName | null> {
  const { limits, stores } = appLimits(ctx);
  const taken: { name: LimitName; key: string }[] = [];
  for (const name of names) {
    const rule = DEFAULT_RATE_LIMITS[name];
    if (limits[name] >= LIFTED || (rule.exemptAdmins && may('limits.exempt', caller))) continue;
    const key = rule.key === 'ip' ? `ip:${ipKeyGenerator(caller.ip)}` : `user:${caller.id}`;
    const { totalHits } = await stores[name].increment(key);
    taken.push({ name, key });
    if (totalHits > limits[name]) {
      for (const t of taken) await stores[t.name].decrement(t.key);
      return name;
    }
  }
  return null;
}
