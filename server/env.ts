import { isIP } from 'node:net';
import { z } from 'zod';

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const bits = isIP(address) === 4 ? 32 : 128;
  return PROXY_NAMES.includes(entry) || (isIP(address) > 0 && rest.length === 0 && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits)));
};

/**
 * Which peers may say who the client is through X-Forwarded-For: a hop count (1 = the one proxy in
 * front), or addresses, CIDR subnets and the names loopback, linklocal, uniquelocal, comma-separated.
 * Unset: none, so the rate limits and the log-in lockout key on the peer's own address.
 */
const TrustProxySchema = z.union([
  z
    .string()
    .regex(/^[1-9]\d*$/)
    .transform(Number)
    .pipe(z.number().int().max(10)),
  z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .refine(
      (entries) => entries.every(isProxyAddress),
      'must be a hop count, or IP addresses, CIDR subnets, loopback, linklocal or uniquelocal, comma-separated',
    ),
]);

const UNITS = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;

/** A free-space floor: bytes with a unit ('200MB') or a share of the disk ('5%'). */
const FreeSpaceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d+(\.\d+)?\s*(B|KB|MB|GB|%)$/, 'must be a size such as 200MB or a share such as 5%')
  .transform((text) => {
    const amount = Number.parseFloat(text);
    const unit = text.replace(/^[\d.\s]+/, '') as keyof typeof UNITS | '%';
    return unit === '%' ? { percent: Math.min(amount, 100) } : { bytes: Math.round(amount * UNITS[unit]) };
  });
export type FreeSpaceFloor = z.infer<typeof FreeSpaceSchema>;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[\w-]+$/, 'must be base64url')
    .refine((text) => Buffer.from(text, 'base64url').length === bytes, `must be ${bytes} bytes, base64url`);

/** Host names (a name matches itself and its subdomains), comma-separated. */
const HostListSchema = z
  .string()
  .transform((text) => text.split(',').map((host) => host.trim().toLowerCase()))
  .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names, comma-separated')));

/** The push services of Chrome, Firefox, Edge and Safari. */
const PUSH_SERVICES = 'fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** A PostgreSQL database (postgres://user@host/name): the engine for several processes; unset, the SQLite file in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL: a statement running longer is cancelled, so none holds its locks for long. */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** PostgreSQL: a transaction left idle this long is ended, so none holds its locks, or the oldest open transaction, for long. */
  PG_IDLE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  ADMIN_EMAIL: z.email().toLowerCase().default('admin@skyway.test'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  /** 'off' lifts the per-address and per-user rate limits, for load tests run from one machine. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: TrustProxySchema.optional(),

  /** Below this much free space on DATA_DIR's disk writes are refused (507); uploads below twice as much. */
  DISK_FREE_MIN: FreeSpaceSchema.default({ bytes: 200 * UNITS.MB }),

  /** 'on': on SQLite, bookings run on a thread of their own (docs/decisions/019). */
  BOOKING_THREAD: z.enum(['on', 'off']).default('on'),

  /** 'paused' writes effects to the events table but sends none (a test kills the server between the two). */
  OUTBOX_DISPATCH: z.enum(['on', 'paused']).default('on'),
  /** How long a dispatcher owns the events it claimed; an unfinished claim is taken again after it. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),

  /** The Web Push (VAPID) key pair, both or neither; unset, one is generated once and kept in the database. */
  VAPID_PUBLIC_KEY: base64url(65).optional(),
  VAPID_PRIVATE_KEY: base64url(32).optional(),
  /** Who push services may contact about this server's notifications; unset, ADMIN_EMAIL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: or https: URL')
    .optional(),
  /** The push services a browser's subscription may name: the server sends to these hosts only. */
  PUSH_SERVICE_HOSTS: HostListSchema.default(HostListSchema.parse(PUSH_SERVICES)),

  /**
   * Set when several processes serve the app: the rate limits count in Redis and socket.io's rooms span
   * the processes. Unset: both stay in this process's memory.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, hostname: /^.+$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Starts every Redis key and socket.io channel of this deployment, so two deployments (or tests) on one Redis never meet. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]+$/, 'must be letters, digits and _ : . - only')
    .default('skyway:'),

  /** A port of its own for GET /metrics (Prometheus), on HOST; unset, /metrics is served on PORT only with METRICS_TOKEN. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The bearer token a scrape must send for /metrics (on PORT, and on METRICS_PORT too when set). */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 printable characters, no spaces')
    .optional(),
  /** This process's name in the metrics' `process` label; unset, the host name and the port (`web-1:3001`). */
  METRICS_PROCESS: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'must be letters, digits and _ : . - only')
    .optional(),
});
export type Env = z.infer<typeof EnvSchema>;

/** Processes on PostgreSQL share one database but no disk, so they cannot share a generated secret either. */
const EnvRulesSchema = EnvSchema.refine((env) => !env.DATABASE_URL || env.JWT_SECRET, {
  path: ['JWT_SECRET'],
  message: 'is required with DATABASE_URL: every process signs and checks tokens with it',
})
  .refine((env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT',
  });

export class EnvError extends Error {}

/** Parses the environment once; a bad value names its variable. Empty strings count as unset. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvRulesSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}
