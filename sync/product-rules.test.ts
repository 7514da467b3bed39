import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every reference in the tree resolves inside the repository: a '§' is a citation of
 * docs/product-rules.md whose rule exists, a 'sync guarantee n' is one of ARCHITECTURE.md's numbered
 * guarantees, and nothing cites the product documents a clone does not contain.
 */
const root = join(import.meta.dirname, '..');
const RULES = 'docs/product-rules.md';
const SELF = 'sync/product-rules.test.ts';
const DIRS = ['server', 'pwa', 'sync', 'e2e', 'bench', 'scripts', 'docs', 'migrations'];
const ROOT_FILES = ['ARCHITECTURE.md', 'README.md', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'drizzle.config.ts', 'eslint.config.js'];
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.tmp']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|css|html|sh|ya?ml|json)$/;

const CITATION = /product rules (§\d+(?:\.\d+)?)/gi;
const GUARANTEE = /sync guarantees? (\d+)(?: to (\d+))?/gi;
const OUTSIDE = /\b(?:spec|decisions)\s*§|product-decisions|sync-design|house-style|house style|product-spec|\/work\/shared/i;

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return TEXT_FILE.test(entry.name) ? [path] : [];
  });
}

type Line = { where: string; text: string };

function sourceLines(): Line[] {
  const files = [...DIRS.flatMap((dir) => walk(join(root, dir))), ...ROOT_FILES.map((name) => join(root, name))];
  return files
    .map((file) => relative(root, file).split('\\').join('/'))
    .filter((file) => file !== RULES && file !== SELF)
    .flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(root, file), 'utf8');
      } catch {
        return [];
      }
      return text.split('\n').map((line, i) => ({ where: `${file}:${i + 1}`, text: line }));
    });
}

function ruleAnchors(): Set<string> {
  const text = readFileSync(join(root, RULES), 'utf8');
  const rules = [...text.matchAll(/^- \*\*(§\d+\.\d+) /gm)].map((m) => m[1] ?? '');
  const sections = [...text.matchAll(/^## (§\d+) /gm)].map((m) => m[1] ?? '');
  expect(new Set(rules).size, 'rule numbers are unique').toBe(rules.length);
  return new Set([...rules, ...sections]);
}

function syncGuarantees(): Set<number> {
  const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  const section = text.split(/^## Sync guarantees/m)[1]?.split(/^## /m)[0] ?? '';
  return new Set([...section.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1])));
}

describe('references resolve inside the repository', () => {
  const lines = sourceLines();
  const anchors = ruleAnchors();

  it('finds the rules and the citations it checks', () => {
    expect(anchors.size).toBeGreaterThan(50);
    expect(lines.filter((l) => l.text.includes('§')).length).toBeGreaterThan(20);
  });

  it('every § is a product-rules citation of a rule that exists', () => {
    const broken = lines.flatMap(({ where, text }) => {
      const cited = [...text.matchAll(CITATION)].map((m) => m[1] ?? '');
      const bare = text.split('§').length - 1 - cited.length;
      const missing = cited.filter((anchor) => !anchors.has(anchor));
      return bare > 0 || missing.length ? [`${where}: ${text.trim()}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('every sync guarantee cited is numbered in ARCHITECTURE.md', () => {
    const guarantees = syncGuarantees();
    expect(guarantees.size).toBeGreaterThan(4);
    const broken = lines.flatMap(({ where, text }) =>
      [...text.matchAll(GUARANTEE)]
        .flatMap((m) => [Number(m[1]), ...(m[2] ? [Number(m[2])] : [])])
        .filter((n) => !guarantees.has(n))
        .map((n) => `${where}: guarantee ${n}`),
    );
    expect(broken).toEqual([]);
  });

  it('nothing cites the product documents kept outside the repository', () => {
    expect(lines.filter((l) => OUTSIDE.test(l.text)).map((l) => `${l.where}: ${l.text.trim()}`)).toEqual([]);
  });
});
