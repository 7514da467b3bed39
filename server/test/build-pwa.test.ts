import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeLeftovers, replaceDir } from '../build-pwa';

function folder(parent: string, name: string, files: Record<string, string>): string {
  const dir = path.join(parent, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe('the PWA build is swapped in whole', () => {
  it('a finished build replaces the old one entirely and leaves nothing beside it', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'skyway-dist-'));
    const target = folder(parent, 'pwa', { 'index.html': 'old', 'sw.js': 'old worker', 'gone.js': 'stale' });
    const staging = folder(parent, '.pwa-build-abc', { 'index.html': 'new', 'sw.js': 'new worker' });

    await replaceDir(staging, target);

    expect(readdirSync(target).sort()).toEqual(['index.html', 'sw.js']);
    expect(readFileSync(path.join(target, 'sw.js'), 'utf8')).toBe('new worker');
    expect(readdirSync(parent)).toEqual(['pwa']);
  });

  it('a first build lands where none was', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'skyway-dist-'));
    const staging = folder(parent, '.pwa-build-abc', { 'index.html': 'new' });
    await replaceDir(staging, path.join(parent, 'pwa'));
    expect(readdirSync(parent)).toEqual(['pwa']);
  });

  it('a build left by a killed process goes once it is old; one that may be running stays', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'skyway-dist-'));
    folder(parent, 'pwa', { 'index.html': 'served' });
    const old = folder(parent, '.pwa-build-killed', { 'index.html': 'half' });
    folder(parent, '.pwa-build-running', { 'index.html': 'half' });
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);

    await removeLeftovers(parent);

    expect(readdirSync(parent).sort()).toEqual(['.pwa-build-running', 'pwa']);
  });
});
