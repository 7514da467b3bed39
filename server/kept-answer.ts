import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

type Encoding = 'br' | 'gzip';

/**
 * An answer kept in memory as it is sent: the JSON body's bytes, its ETag and, for a body worth
 * compressing, its gzip and brotli encodings, made once with the answer.
 */
export type KeptAnswer = { bytes: Buffer; etag: string; encoded?: Record<Encoding, Buffer> };

/** How long a kept answer stands for what time alone changes (a hold that lapses, a flight that departs). */
export const ANSWER_TTL_MS = 5_000;
/** The compression middleware's own threshold: a smaller body goes as it is. */
const COMPRESS_FROM_BYTES = 1024;
const MAX_BYTES = 16 * 1024 * 1024;

const keptSize = (answer: KeptAnswer): number => answer.bytes.length + (answer.encoded ? answer.encoded.br.length + answer.encoded.gzip.length : 0) + 64;

/** A memory of kept answers, bounded: 16 MB, the least recently used going first, none past `ttlMs` (two periods). */
export function keptAnswers<T extends { answer: KeptAnswer }>(ttlMs = 2 * ANSWER_TTL_MS): LRUCache<string, T> {
  return new LRUCache<string, T>({ maxSize: MAX_BYTES, sizeCalculation: ({ answer }) => keptSize(answer), ttl: ttlMs });
}

/** The answer for `bytes`: `kept` itself when it reads the same (no hash or compression made again). */
export function answerOf(bytes: Buffer, kept?: KeptAnswer): KeptAnswer {
  if (kept?.bytes.equals(bytes)) return kept;
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  if (bytes.length < COMPRESS_FROM_BYTES) return { bytes, etag };
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return { bytes, etag, encoded: { br, gzip: gzipSync(bytes) } };
}

/**
 * The answer period of a key: ANSWER_TTL_MS long, starting at a moment of its own (a hash of the key),
 * so the answers a server keeps are renewed spread over the period and not all at its start.
 */
export function periodOf(now: Date, key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return Math.floor((now.getTime() + ((hash >>> 0) % ANSWER_TTL_MS)) / ANSWER_TTL_MS);
}

/** Brotli where the browser takes it (it is the smaller), else gzip, else none. */
function acceptedEncoding(req: Request): Encoding | undefined {
  if (!req.headers['accept-encoding']) return undefined;
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
}

/**
 * Sends a kept answer: 304 with no body to a client that already holds it (its If-None-Match names the
 * ETag), else the bytes in the encoding the client takes, so nothing is built or compressed per request.
 */
export function sendKept(req: Request, res: Response, answer: KeptAnswer): void {
  res.vary('Accept-Encoding');
  res.setHeader('ETag', answer.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = answer.encoded ? acceptedEncoding(req) : undefined;
  const bytes = encoding && answer.encoded ? answer.encoded[encoding] : answer.bytes;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}
