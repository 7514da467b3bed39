import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LighthouseBudget, PageAudit, Result, Scenario, Target, Verdict } from './types';

export function judge(scenario: Scenario, result: Result): Verdict {
  const { target } = scenario;
  const failures: string[] = [];
  const bad = result.errors + result.non2xx;
  if (target.minRps !== undefined && result.rps < target.minRps) failures.push(`${result.rps.toFixed(0)} req/s < ${target.minRps}`);
  if (target.minShare !== undefined && (result.share ?? 0) < target.minShare) failures.push(`${result.share ?? '?'} of bare Express < ${target.minShare}`);
  if (target.maxP99Ms !== undefined && result.p99Ms >= target.maxP99Ms) failures.push(`p99 ${result.p99Ms} ms >= ${target.maxP99Ms}`);
  if (bad > target.maxErrors) failures.push(`${bad} errors/non-2xx > ${target.maxErrors}`);
  if (target.maxKb !== undefined && (result.kb ?? Infinity) > target.maxKb) failures.push(`${result.kb ?? '?'} KB > ${target.maxKb} KB`);
  if (target.lighthouse) failures.push(...auditFailures(target.lighthouse, result.audits ?? []));
  return { ...result, name: scenario.name, target, pass: failures.length === 0, failures };
}

function auditFailures(budget: LighthouseBudget, audits: PageAudit[]): string[] {
  if (audits.length === 0) return ['no page was audited'];
  return audits.flatMap((a) => {
    const misses: string[] = [];
    if (a.performance < budget.minPerformance) misses.push(`performance ${a.performance} < ${budget.minPerformance}`);
    if (a.accessibility < budget.minAccessibility) misses.push(`accessibility ${a.accessibility} < ${budget.minAccessibility}`);
    if (a.lcpMs > budget.maxLcpMs) misses.push(`LCP ${a.lcpMs} ms > ${budget.maxLcpMs}`);
    if (a.cls > budget.maxCls) misses.push(`CLS ${a.cls} > ${budget.maxCls}`);
    return misses.map((miss) => `${a.page}: ${miss}`);
  });
}

/** A failure of the scenario itself (setup threw), reported as a failed row. */
export function crashed(scenario: Scenario, error: unknown): Verdict {
  const message = error instanceof Error ? error.message : String(error);
  const empty: Result = { requests: 0, durationS: 0, rps: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, errors: 1, non2xx: 0 };
  return { ...empty, name: scenario.name, target: scenario.target, pass: false, failures: [`crashed: ${message}`] };
}

function describeTarget(target: Target): string {
  const parts: string[] = [];
  if (target.minRps !== undefined) parts.push(`>=${target.minRps} rps`);
  if (target.minShare !== undefined) parts.push(`>=${target.minShare} of bare`);
  if (target.maxP99Ms !== undefined) parts.push(`p99<${target.maxP99Ms}ms`);
  if (target.maxKb !== undefined) parts.push(`<=${target.maxKb} KB`);
  const lh = target.lighthouse;
  if (lh) parts.push(`perf>=${lh.minPerformance}, a11y>=${lh.minAccessibility}, LCP<=${lh.maxLcpMs}ms, CLS<=${lh.maxCls}`);
  parts.push(target.maxErrors === 0 ? 'no errors' : `<=${target.maxErrors} errors`);
  return parts.join(', ');
}

export function table(verdicts: Verdict[]): string {
  const header = ['scenario', 'req/s', 'of bare', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'err/non-2xx', 'target', 'result'];
  const rows = verdicts.map((v) => [
    v.name,
    v.rps.toFixed(0),
    v.share === undefined ? '' : v.share.toFixed(2),
    String(v.p50Ms),
    String(v.p99Ms),
    String(v.maxMs),
    String(v.requests),
    `${v.errors}/${v.non2xx}`,
    describeTarget(v.target),
    v.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i >= 8 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ');
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
  const notes = verdicts.flatMap((v) => [...(v.notes ?? []), ...v.failures].map((n) => `  ${v.name}: ${n}`));
  return [line(header), rule, ...rows.map(line), ...(notes.length ? ['', ...notes] : [])].join('\n');
}

export function writeJson(file: string, verdicts: Verdict[], meta: Record<string, unknown>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...meta, scenarios: verdicts }, null, 2)}\n`);
}
