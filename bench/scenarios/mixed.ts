import type { OpenLoopResult, Shot, ShotKind } from '../open-loop/job';
import { openLoop } from '../open-loop/open-loop';
import type { Result, Scenario } from '../types';
import { bareExpress } from '../yardstick';
import { bodies, buyerToken, laterFlights, MIXED_SEATS } from './booking-create';
import { searchPaths } from './flight-search';
import { travellerToken } from './sync-timing';

/** The offered rates, as shares of bare Express's. */
const STEPS = [0.1, 0.25, 0.4];
const WITHIN_MS = 50;
const SECONDS = 20;
const WARMUP_S = 3;

/** Of every ten requests: eight flight searches, one booking of a distinct seat, one read of the traveller's own bookings or payments. */
const PATTERN = [0, 0, 0, 0, 1, 0, 0, 0, 0, 2];

async function workload(baseUrl: string): Promise<ShotKind[]> {
  const buyer = { authorization: `Bearer ${await buyerToken(baseUrl)}`, 'content-type': 'application/json' };
  // NOTE: reads go as the demo traveller, whose few bookings are what a real traveller has.
  const reader = { authorization: `Bearer ${await travellerToken(baseUrl)}` };
  const searches: Shot[] = (await searchPaths(baseUrl)).map((path) => ({ method: 'GET', path }));
  const bookings: Shot[] = bodies(await laterFlights(baseUrl), MIXED_SEATS).map((body) => ({ method: 'POST', path: '/api/payments', headers: buyer, body }));
  const reads: Shot[] = ['/api/bookings/user', '/api/payments/user'].map((path) => ({ method: 'GET', path, headers: reader }));
  return [
    { name: 'search', shots: searches },
    { name: 'booking', shots: bookings },
    { name: 'own reads', shots: reads },
  ];
}

/** The kinds with the bookings an earlier step sent left out: a seat sold once answers 409 the next time. */
function unsent(kinds: ShotKind[], sentBookings: number): ShotKind[] {
  return kinds.map((kind) => (kind.name === 'booking' ? { ...kind, shots: kind.shots.slice(sentBookings) } : kind));
}

const holds = (r: OpenLoopResult) => r.overall.p99Ms <= WITHIN_MS && r.errors + r.non2xx === 0;

function describe(share: number, r: OpenLoopResult): string {
  const kinds = Object.entries(r.byKind)
    .map(([name, p]) => `${name} p99 ${p.p99Ms}`)
    .join(', ');
  const statuses = Object.entries(r.statuses)
    .map(([code, n]) => `${n}x${code}`)
    .join(' ');
  return (
    `offered ${r.offeredRps.toFixed(0)} req/s (${share} of bare): answered ${r.achievedRps.toFixed(0)} req/s, p50 ${r.overall.p50Ms} ms, ` +
    `p99 ${r.overall.p99Ms} ms, p99.9 ${r.overall.p999Ms} ms, max ${r.overall.maxMs} ms (${kinds}); errors ${r.errors}, non-2xx ${r.non2xx}` +
    `${statuses ? ` (${statuses})` : ''}; generator send lag p99 ${r.sendLagP99Ms} ms`
  );
}

/**
 * Mixed traffic in an open loop at 0.1, 0.25 and 0.4 of bare Express's rate, 20 s each after 3 s of
 * warm-up; the capacity is the highest of these rates whose p99 stays within 50 ms with no errors.
 */
export const mixed: Scenario = {
  name: 'mixed-capacity',
  target: { minShare: 0.25, maxP99Ms: WITHIN_MS + 0.1, maxErrors: 0 },
  async run(baseUrl) {
    const bare = await bareExpress();
    const kinds = await workload(baseUrl);
    let sentBookings = 0;
    const notes: string[] = [];
    let best: { share: number; result: OpenLoopResult } | undefined;
    for (const share of STEPS) {
      const ratePerS = Math.round(share * bare.rps);
      const result = await openLoop({
        baseUrl,
        ratePerS,
        durationS: SECONDS,
        warmupS: WARMUP_S,
        kinds: unsent(kinds, sentBookings),
        pattern: PATTERN,
        connections: 128,
        timeoutMs: 10_000,
      });
      sentBookings += Math.ceil((ratePerS * (WARMUP_S + SECONDS)) / PATTERN.length) + 1;
      notes.push(describe(share, result));
      if (!holds(result)) break;
      best = { share, result };
    }
    const shown = best?.result;
    const capacity: Result = {
      requests: shown?.overall.count ?? 0,
      durationS: SECONDS,
      rps: shown?.offeredRps ?? 0,
      share: best?.share ?? 0,
      p50Ms: shown?.overall.p50Ms ?? 0,
      p99Ms: shown?.overall.p99Ms ?? 0,
      maxMs: shown?.overall.maxMs ?? 0,
      errors: shown?.errors ?? 0,
      non2xx: shown?.non2xx ?? 0,
    };
    const verdict = best
      ? `capacity within ${WITHIN_MS} ms: at least ${best.share} of bare Express`
      : `even ${STEPS[0]} of bare Express breaks ${WITHIN_MS} ms`;
    return { ...capacity, notes: [...notes, verdict] };
  },
};
