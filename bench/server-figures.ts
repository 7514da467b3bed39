import { scrapeMetrics, type Scrape } from '../scripts/read-metrics';
import type { BenchServer } from './server';

/** The server's GET /metrics now, or undefined when it has none to read (a bench run must not fail for it). */
export async function scrapeServer(server: BenchServer): Promise<Scrape | undefined> {
  if (!server.metricsToken) return undefined;
  return scrapeMetrics(`${server.baseUrl}/metrics`, server.metricsToken).catch(() => undefined);
}

const HTTP = 'skyway_http_request_duration_seconds';
const ms = (seconds: number) => `${(seconds * 1000).toFixed(1)} ms`;

/**
 * A few of the server's own figures over a scenario, from its metrics scraped before and after: what it
 * answered, what it booked, what its outbox holds, how late its event loop ran (p99 since the scrape
 * before, which prom-client's lag monitor starts again at every scrape) and how long its writes waited.
 */
export function serverFigures(before: Scrape, after: Scrape): string {
  const delta = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels);
  const waits = delta('skyway_db_write_wait_seconds', { lock: 'transaction' });
  const waited = after.sum('skyway_db_write_wait_seconds', { lock: 'transaction' }) - before.sum('skyway_db_write_wait_seconds', { lock: 'transaction' });
  const oldest = Math.max(0, ...after.samples('skyway_outbox_oldest_pending_seconds').map((sample) => Number(sample.value ?? 0)));
  return [
    `server: answered ${delta(HTTP)} (5xx ${delta(HTTP, { status: '5xx' })})`,
    `bookings created ${delta('skyway_bookings_created_total')}, refused ${delta('skyway_bookings_refused_total')}`,
    `outbox pending ${after.value('skyway_outbox_pending_events')} (oldest ${oldest.toFixed(1)} s)`,
    `event-loop lag p99 ${ms(after.value('nodejs_eventloop_lag_p99_seconds'))}`,
    `write waits ${waits}, mean ${waits > 0 ? ms(waited / waits) : '-'}`,
  ].join('; ');
}
