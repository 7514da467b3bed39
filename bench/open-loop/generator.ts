import { build, type Histogram } from 'hdr-histogram-js';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { answerJob } from '../own-process';
import type { OpenLoopJob, OpenLoopResult, Percentiles } from './job';

/**
 * The load generator, in a process of its own (given its job by IPC): request i is due at start + i / rate whether or not
 * earlier ones were answered (open loop), and its latency runs from that due time, so a server that falls
 * behind is charged for the queue it builds (no coordinated omission). Percentiles from HDR histograms.
 */
const MICROS_MAX = 120_000_000;
const histogram = () => build({ lowestDiscernibleValue: 1, highestTrackableValue: MICROS_MAX, numberOfSignificantValueDigits: 3 });
const micros = (ms: number) => Math.min(MICROS_MAX, Math.max(1, Math.round(ms * 1000)));
const ms = (us: number) => Math.round(us / 100) / 10;

function percentiles(h: Histogram): Percentiles {
  return {
    count: h.totalCount,
    p50Ms: ms(h.getValueAtPercentile(50)),
    p90Ms: ms(h.getValueAtPercentile(90)),
    p99Ms: ms(h.getValueAtPercentile(99)),
    p999Ms: ms(h.getValueAtPercentile(99.9)),
    maxMs: ms(h.maxValue),
  };
}

async function run(job: OpenLoopJob): Promise<OpenLoopResult> {
  const pool = new Pool(job.baseUrl, { connections: job.connections, headersTimeout: job.timeoutMs, bodyTimeout: job.timeoutMs });
  const overall = histogram();
  const byKind = job.kinds.map(histogram);
  const sendLag = histogram();
  const next = job.kinds.map(() => 0);
  const statuses: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  let lastAnswer = 0;
  const interval = 1000 / job.ratePerS;
  const total = Math.round((job.warmupS + job.durationS) * job.ratePerS);
  const measuredFrom = Math.round(job.warmupS * job.ratePerS);
  const start = performance.now() + 20;
  const measuredStart = start + measuredFrom * interval;
  const pending: Promise<void>[] = [];

  const send = async (i: number, due: number) => {
    const kind = job.pattern[i % job.pattern.length] ?? 0;
    const shots = job.kinds[kind]?.shots ?? [];
    const shot = shots[(next[kind] = (next[kind] ?? 0) + 1) % shots.length];
    if (!shot) throw new Error(`no requests of kind ${kind}`);
    const measured = i >= measuredFrom;
    if (measured) sendLag.recordValue(micros(performance.now() - due));
    try {
      const res = await pool.request({ method: shot.method, path: shot.path, headers: shot.headers, body: shot.body });
      await res.body.dump();
      if (!measured) return;
      const answered = performance.now();
      lastAnswer = Math.max(lastAnswer, answered);
      overall.recordValue(micros(answered - due));
      byKind[kind]?.recordValue(micros(answered - due));
      if (res.statusCode < 200 || res.statusCode >= 300) {
        non2xx++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      }
    } catch {
      if (measured) errors++;
    }
  };

  await new Promise<void>((resolve) => {
    let i = 0;
    const pump = () => {
      const now = performance.now();
      for (; i < total && start + i * interval <= now; i++) pending.push(send(i, start + i * interval));
      if (i < total) setTimeout(pump, Math.max(0, start + i * interval - performance.now()));
      else resolve();
    };
    setTimeout(pump, 20);
  });
  await Promise.all(pending);
  await pool.close();
  const measuredS = Math.max(job.durationS, (lastAnswer - measuredStart) / 1000);
  return {
    offeredRps: job.ratePerS,
    achievedRps: Math.round((overall.totalCount / measuredS) * 10) / 10,
    overall: percentiles(overall),
    byKind: Object.fromEntries(job.kinds.map((k, index) => [k.name, percentiles(byKind[index] ?? histogram())])),
    errors,
    non2xx,
    statuses,
    sendLagP99Ms: ms(sendLag.getValueAtPercentile(99)),
  };
}

answerJob(run);
