import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { z } from 'zod';
import { launchServer } from './server';

/**
 * `npm run bench:search`: the admins' server-side search over a year of history (issue #47, decision 021).
 * Seeds a volume database (`npm run seed:volume`), or reuses one given with --data-dir (SQLite) or
 * DATABASE_URL (PostgreSQL), starts the real server on it (which applies any migration it lacks), then
 * asks the real endpoints, one request at a time, for random existing booking references, transaction ids,
 * payers' e-mails and names, and prints the latency percentiles per search. The digest of every answer's
 * count and ids lets two runs on the same database (before and after a change) show the same results.
 *
 *   npm run bench:search -- [--data-dir DIR] [--bookings 500000] [--searches 200] [--admin-password P]
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_EMAIL = 'admin@skyway.test';

const ArgsSchema = z.object({
  dataDir: z.string().optional(),
  bookings: z.coerce.number().int().min(1).default(500_000),
  searches: z.coerce.number().int().min(1).default(200),
  adminPassword: z.string().default('Admin-pass-123'),
});

function parseArgs(argv: string[]): z.infer<typeof ArgsSchema> {
  const raw: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] ?? '';
    const value = argv[i + 1];
    if (!flag.startsWith('--') || value === undefined) throw new Error(`expected --flag value pairs, got ${argv.join(' ')}`);
    raw[flag.slice(2).replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return ArgsSchema.parse(raw);
}

/** A seeded generator (mulberry32), so two runs on one database ask the same searches. */
function generator(seed: number): (size: number) => number {
  let state = seed;
  return (size) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * size);
  };
}

type Texts = { references: string[]; transactionIds: string[]; emails: string[]; names: string[] };

async function readTexts(dataDir: string, databaseUrl: string | undefined): Promise<Texts> {
  const queries = {
    references: 'select reference as v from bookings order by id',
    transactionIds: 'select transaction_id as v from payments order by id',
    emails: "select email as v from users where role <> 'guest' order by id",
    names: "select full_name as v from users where role <> 'guest' order by id",
  };
  const texts: Record<string, string[]> = {};
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      for (const [key, query] of Object.entries(queries)) texts[key] = (await pool.query<{ v: string }>(query)).rows.map((r) => r.v);
    } finally {
      await pool.end();
    }
  } else {
    const sqlite = new Database(path.join(dataDir, 'airline.sqlite'), { readonly: true });
    try {
      for (const [key, query] of Object.entries(queries)) texts[key] = (sqlite.prepare(query).all() as { v: string }[]).map((r) => r.v);
    } finally {
      sqlite.close();
    }
  }
  return { references: texts.references ?? [], transactionIds: texts.transactionIds ?? [], emails: texts.emails ?? [], names: texts.names ?? [] };
}

/**
 * NOTE: a database just seeded has no statistics until autovacuum analyses it (off on some instances, this
 * machine's among them), and without them PostgreSQL guesses join sizes and may read whole tables.
 */
async function analyse(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query('analyze');
  } finally {
    await pool.end();
  }
}

function seed(dataDir: string, bookings: number, adminPassword: string): Promise<void> {
  console.log(`Seeding ${bookings.toLocaleString('en')} bookings into ${process.env.DATABASE_URL ? 'DATABASE_URL' : dataDir} ...`);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'seed:volume', '--', '--bookings', String(bookings)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:volume exited with ${code}`))));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type Line = { list: string; kind: string; p50: number; p99: number; max: number; matches: number; digest: string };

async function run(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = args.dataDir ?? mkdtempSync(path.join(tmpdir(), 'skyway-search-'));
  const seeded = databaseUrl
    ? (await readTexts(dataDir, databaseUrl).catch(() => undefined))?.references.length
    : existsSync(path.join(dataDir, 'airline.sqlite'));
  if (!seeded) await seed(dataDir, args.bookings, args.adminPassword);

  const started = performance.now();
  const server = await launchServer({ DATA_DIR: dataDir, SEED: 'none', ADMIN_PASSWORD: args.adminPassword, LOG_LEVEL: 'warn' });
  try {
    await server.ready;
    console.log(`Server ready in ${((performance.now() - started) / 1000).toFixed(1)} s (migrations it lacked included)`);
    if (databaseUrl) await analyse(databaseUrl);
    const texts = await readTexts(dataDir, databaseUrl);
    console.log(
      `${texts.references.length.toLocaleString('en')} bookings, ${texts.transactionIds.length.toLocaleString('en')} payments, ${texts.emails.length.toLocaleString('en')} accounts`,
    );
    const login = await fetch(`${server.baseUrl}/api/auths/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: args.adminPassword }),
    });
    if (!login.ok) throw new Error(`the admin's login answered ${login.status}: give --admin-password`);
    const { token } = (await login.json()) as { token: string };

    const lists = [
      { list: 'payments', url: (term: string) => `/api/payments?search=${encodeURIComponent(term)}&limit=20` },
      { list: 'bookings', url: (term: string) => `/api/bookings?search=${encodeURIComponent(term)}&limit=20` },
      { list: 'users', url: (term: string) => `/api/admin/users?search=${encodeURIComponent(term)}&limit=20` },
    ];
    const kinds: { kind: string; pool: string[]; lists: string[] }[] = [
      // The first page unsearched: what building a page costs, whatever the search.
      { kind: 'nothing', pool: [''], lists: ['payments', 'bookings'] },
      { kind: 'reference', pool: texts.references, lists: ['payments', 'bookings'] },
      { kind: 'transaction id', pool: texts.transactionIds, lists: ['payments'] },
      { kind: 'e-mail', pool: texts.emails, lists: ['payments', 'users'] },
      { kind: 'name', pool: texts.names, lists: ['payments', 'users'] },
    ];
    const lines: Line[] = [];
    for (const { kind, pool, lists: listNames } of kinds) {
      for (const { list, url } of lists.filter((l) => listNames.includes(l.list))) {
        const random = generator(47);
        const times: number[] = [];
        const digest = createHash('sha256');
        let matches = 0;
        for (let i = 0; i < args.searches + 5; i++) {
          const text = pool[random(pool.length)] ?? '';
          // Mixed case, as an admin may type it; the search ignores case.
          const term = i % 2 ? text.toLowerCase() : text.toUpperCase();
          const askedAt = performance.now();
          const res = await fetch(`${server.baseUrl}${url(term)}`, { headers: { authorization: `Bearer ${token}` } });
          const body = (await res.json()) as { _id: string }[];
          const took = performance.now() - askedAt;
          if (!res.ok) throw new Error(`${list} search for ${term} answered ${res.status}`);
          const total = Number(res.headers.get('x-total-count'));
          if (total < 1) throw new Error(`${list} search for ${term} found nothing`);
          // The first 5 warm the statement caches and are not timed.
          if (i < 5) continue;
          times.push(took);
          matches += total;
          digest.update(`${term}:${total}:${body.map((row) => row._id).join(',')}\n`);
        }
        times.sort((a, b) => a - b);
        const line = {
          list,
          kind,
          p50: percentile(times, 50),
          p99: percentile(times, 99),
          max: times.at(-1) ?? NaN,
          matches: matches / times.length,
          digest: digest.digest('hex').slice(0, 12),
        };
        lines.push(line);
        console.log(
          `${list.padEnd(9)} by ${kind.padEnd(15)} p50 ${line.p50.toFixed(1).padStart(7)} ms  p99 ${line.p99.toFixed(1).padStart(7)} ms  max ${line.max.toFixed(1).padStart(7)} ms  ` +
            `${line.matches.toFixed(1).padStart(7)} rows found on average  results ${line.digest}`,
        );
      }
    }
    const all = lines.filter((l) => l.list === 'payments' && l.kind !== 'nothing').map((l) => l.p99);
    console.log(`Queue (payments) search p99, worst kind: ${Math.max(...all).toFixed(1)} ms over ${args.searches} searches per kind`);
  } finally {
    await server.stop();
    // A database seeded here is kept for the next run; on PostgreSQL the folder holds nothing of it.
    if (!args.dataDir && databaseUrl) rmSync(dataDir, { recursive: true, force: true });
    else if (!args.dataDir) console.log(`The database stays in ${dataDir}: give --data-dir ${dataDir} to search it again`);
  }
}

await run();
