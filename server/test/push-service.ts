import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import { PushPayloadSchema, type PushPayload } from '../../sync/schemas/push';
import type { AppContext } from '../context';
import { immediate } from '../db/client';
import { events } from '../db/schema';

/** One notification the push service took: its decrypted payload, the VAPID header and the endpoint it came for. */
export type Received = { endpoint: string; payload: PushPayload; authorization: string; ttl: string | undefined };

/** A browser's side of a subscription: the keys only it holds, and the body it would POST to the server. */
export type Browser = { endpoint: string; body: { endpoint: string; keys: { p256dh: string; auth: string } } };

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

/** The host name of the test's push service (the `.test` top-level domain is reserved, never resolved on the internet). */
export const PUSH_TEST_HOST = 'push.test';
const origin = `https://${PUSH_TEST_HOST}`;

/** A self-signed certificate for a host name, made by openssl into a temporary folder. */
export function selfSigned(host: string): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const info = (label: string, ...parts: Buffer[]) => Buffer.concat([Buffer.from(`${label}\0`), ...parts]);
const hkdf = (salt: Buffer, ikm: Buffer, label: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, label, length));

/**
 * RFC 8291 (Message Encryption for Web Push) with RFC 8188's aes128gcm coding, from the receiving side:
 * header salt(16) | record size(4) | key id length(1) | key id (the sender's ephemeral public key), then
 * one record; the key comes from ECDH with the browser's private key and the auth secret through HKDF.
 */
export function decrypt(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderPublic);
  const ikm = hkdf(keys.auth, shared, info('WebPush: info', keys.ecdh.getPublicKey(), senderPublic), 32);
  const cek = hkdf(salt, ikm, info('Content-Encoding: aes128gcm'), 16);
  const nonce = hkdf(salt, ikm, info('Content-Encoding: nonce'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end);
}

/** Checks the VAPID JWT (RFC 8292): signed ES256 by the key it names, for this push service's origin. */
export function checkVapid(authorization: string, origin: string): { publicKey: string; subject: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`);
  return { publicKey: match[2], subject: body.sub };
}

/**
 * A push service of the test's own: HTTPS on 127.0.0.1 (a free port) for the name PUSH_TEST_HOST, taking
 * POSTs to /push/<id>, decrypting each with the keys of the browser it made for <id>, and answering the
 * status set for that browser (201 unless told otherwise). Endpoints are `https://push.test/push/<id>`,
 * as a real one (no port, a host name); `agent` is the server's way there: the suite sets it as the app's
 * `ctx.pushAgent` (which in production refuses loopback addresses), and only it trusts the certificate.
 */
export async function startPushService() {
  const { key, cert } = selfSigned(PUSH_TEST_HOST);
  const browsers = new Map<string, Keys>();
  const answers = new Map<string, number>();
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const keys = browsers.get(endpoint);
      const status = answers.get(endpoint) ?? 201;
      if (keys && status === 201 && req.headers['content-encoding'] === 'aes128gcm') {
        const payload = PushPayloadSchema.parse(JSON.parse(decrypt(Buffer.concat(chunks), keys).toString('utf8')));
        received.push({ endpoint, payload, authorization: req.headers.authorization ?? '', ttl: req.headers.ttl as string | undefined });
        for (const wake of waiters) wake();
      }
      res.writeHead(keys ? status : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // NOTE: an agent's own options win over the request's, so every request through it dials 127.0.0.1:port,
  // while its Host header, TLS server name and certificate check stay PUSH_TEST_HOST's.
  const agent = new Agent({ host: '127.0.0.1', port, ca: cert });

  return {
    origin,
    agent,
    received,
    /** A new browser profile: its endpoint on this service and fresh keys. */
    browser(): Browser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
      browsers.set(endpoint, { ecdh, auth });
      return { endpoint, body: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
    },
    /** From now on the service answers `status` for this browser (410: the subscription is gone). */
    answer(endpoint: string, status: number) {
      answers.set(endpoint, status);
    },
    /** The next notification for `endpoint` that `match` accepts, received from now or already. */
    async next(endpoint: string, match: (payload: PushPayload) => boolean = () => true, timeoutMs = 5_000): Promise<Received> {
      const found = () => received.find((r) => r.endpoint === endpoint && match(r.payload));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = found();
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no notification for ${endpoint} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** Waits until the outbox has sent (or given up on) everything written so far; throws after 5 s. */
export async function outboxSettled(ctx: AppContext): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await ctx.db.select({ id: events.id }).from(events).where(isNull(events.doneAt))).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('outbox did not settle');
}

/** Makes every effect waiting for a retry due now, and sends them. */
export async function retryNow(ctx: AppContext): Promise<void> {
  await immediate(ctx.db, (tx) =>
    tx
      .update(events)
      .set({ dueAt: new Date(0).toISOString() })
      .where(isNull(events.doneAt)),
  );
  await ctx.outbox.drain();
}
