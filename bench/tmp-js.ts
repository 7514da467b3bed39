import { gzipSync } from 'node:zlib';
import { launchChromium } from './browser';
const base = process.argv[2]!;
const browser = await launchChromium();
for (const path of ['/', '/listing?from=LOS&to=LHR&date=2026-12-01&type=one&class=Economy&travelers=1']) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const out: Promise<string>[] = [];
  page.on('response', (r) => { if (r.request().resourceType() === 'script') out.push(r.body().then((b) => `${(gzipSync(b).length / 1024).toFixed(1)} ${new URL(r.url()).pathname}`)); });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  console.log(path, (await Promise.all(out)).join('\n  '));
  await context.close();
}
await browser.close();
