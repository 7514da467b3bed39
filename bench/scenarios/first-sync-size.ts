import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Result, Scenario } from '../types';
import { timings, travellerToken } from './sync-timing';

type Answer = { wire: number; json: string };
type Page = { cursor: string; hasMore: boolean; changes: { flights: unknown[] } };

/** One pull as a browser asks for it (compressed): the bytes on the wire and the decoded JSON. */
function pullPage(baseUrl: string, token: string, body: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}/api/sync/pull`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          if (res.statusCode !== 200) reject(new Error(`pull answered ${res.statusCode}`));
          else resolve({ wire: raw.length, json: decoded.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A new device's whole first sync: every page until `hasMore` is false. */
async function firstSync(baseUrl: string, token: string) {
  const clientId = randomUUID();
  let cursor: string | null = null;
  const total = { pages: 0, wire: 0, json: 0, flights: 0, largestPage: 0 };
  for (let more = true; more;) {
    const answer = await pullPage(baseUrl, token, { clientId, cursor, schemaVersion: SYNC_SCHEMA_VERSION });
    const page = JSON.parse(answer.json) as Page;
    total.pages += 1;
    total.wire += answer.wire;
    total.json += Buffer.byteLength(answer.json);
    total.flights += page.changes.flights.length;
    total.largestPage = Math.max(total.largestPage, answer.wire);
    cursor = page.cursor;
    more = page.hasMore;
  }
  return total;
}

/** The demo traveller's first sync on a new device, 5 times: time, pages and bytes (compressed and JSON). */
async function firstSyncSize(baseUrl: string): Promise<Result> {
  const token = await travellerToken(baseUrl);
  const samples: number[] = [];
  let last = { pages: 0, wire: 0, json: 0, flights: 0, largestPage: 0 };
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    last = await firstSync(baseUrl, token);
    samples.push(performance.now() - start);
  }
  const kb = (bytes: number) => Math.round(bytes / 1024);
  return {
    ...timings(samples, [
      `${last.pages} pages, ${last.flights} flights; ${last.wire} bytes on the wire (${kb(last.wire)} kB compressed), ${last.json} bytes of JSON (${kb(last.json)} kB)`,
      `largest answer ${kb(last.largestPage)} kB compressed`,
    ]),
    kb: kb(last.wire),
  };
}

export const firstSyncBytes: Scenario = {
  name: 'first-sync-bytes',
  target: { maxP99Ms: 5000, maxErrors: 0, maxKb: 1024 },
  run: firstSyncSize,
};
