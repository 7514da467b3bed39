import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { crashed, judge, table, writeJson } from './report';
import { scenarios } from './scenarios';
import { launchServer } from './server';
import { scrapeServer, serverFigures } from './server-figures';
import type { Verdict } from './types';

const RESULTS = path.join(import.meta.dirname, 'results/latest.json');

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length) throw new Error(`unknown scenario(s): ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`);
  const chosen = wanted.length ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;

  const [load1 = 0] = loadavg();
  const cores = cpus().length;
  if (load1 > 0.5) console.log(`Note: load average ${load1.toFixed(2)} on ${cores} cores before start; other processes compete for CPU and lower the figures.`);
  console.log('Starting the server (the first start may build the PWA)...');
  const server = await launchServer();
  const stopOnSignal = () => {
    void server.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const verdicts: Verdict[] = [];
  try {
    await server.ready;
    for (const scenario of chosen) {
      console.log(`Running ${scenario.name}...`);
      try {
        const before = await scrapeServer(server);
        const verdict = judge(scenario, await scenario.run(server.baseUrl));
        const after = await scrapeServer(server);
        // The server's own figures explain the scenario's (issue #45).
        if (before && after) verdict.notes = [...(verdict.notes ?? []), serverFigures(before, after)];
        verdicts.push(verdict);
      } catch (error) {
        verdicts.push(crashed(scenario, error));
      }
    }
  } finally {
    await server.stop();
  }

  console.log(`\n${table(verdicts)}\n`);
  const meta = { at: new Date().toISOString(), node: process.version, cpus: cores, cpu: cpus()[0]?.model, loadBefore: load1 };
  writeJson(RESULTS, verdicts, meta);
  console.log(`Results written to ${path.relative(process.cwd(), RESULTS)}`);
  const failed = verdicts.filter((v) => !v.pass);
  if (failed.length) console.log(`FAILED: ${failed.map((v) => v.name).join(', ')}`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
