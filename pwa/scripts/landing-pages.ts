// A build step: an HTML file per landing page, so a first visit starts on that page without a detour
// through the app shell. The server answers the page's path with it (landing-pages.json); every other
// path, and the service worker, keep index.html.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

export type LandingPage = {
  /** The path the server answers with this page's HTML. */
  path: string;
  /** The HTML file written next to index.html. */
  file: string;
  /** The page's module under pwa/src, whose chunk (and style sheets) the HTML asks for at once. */
  module: string;
  /**
   * Rendered at build time into the HTML (as a signed-out visitor sees it), inert until the app takes
   * over; the app's code is then requested after the first paint. For pages that show nothing fetched.
   */
  prerender?: boolean;
};

/**
 * The markup of `pathname` from pwa/src/prerender.tsx, built for Node on the side and run once.
 * NOTE: built next to the PWA's output (inside the project), so its imports find node_modules.
 */
async function renderPage(root: string, besideDir: string, pathname: string): Promise<string> {
  const outDir = await mkdtemp(path.join(besideDir, '.prerender-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true },
    });
    const module = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as { prerender: (pathname: string) => Promise<string> };
    return await module.prerender(pathname);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** A chunk and every chunk it imports, the chunk first. */
function withImports(bundle: Bundle, chunk: Chunk, seen = new Set<string>()): Chunk[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports.flatMap((name) => {
    const file = bundle[name];
    return file?.type === 'chunk' ? withImports(bundle, file, seen) : [];
  });
  return [chunk, ...imported];
}

/**
 * The page's script: index.html's modules and the page's, requested once the pre-rendered page has
 * painted (its first contentful paint), or at once where that cannot be seen (no paint timing, a tab in
 * the background), and after 2 s in any case.
 */
function bootScript(entry: string, preloads: string[]): string {
  return `let started = false;
function start() {
  if (started) return;
  started = true;
  for (const href of ${JSON.stringify(preloads)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
}
if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes.includes('paint')) start();
new PerformanceObserver((list) => {
  if (list.getEntriesByName('first-contentful-paint').length > 0) start();
}).observe({ type: 'paint', buffered: true });
setTimeout(start, 2000);
`;
}

function replaceOnce(html: string, pattern: RegExp | string, replacement: string): string {
  if (!html.match(pattern)) throw new Error(`landing-pages: ${String(pattern)} is not in index.html`);
  return html.replace(pattern, () => replacement);
}

const tags = {
  script: (href: string) => `  <link rel="modulepreload" crossorigin href="/${href}">\n`,
  sheet: (href: string) => `  <link rel="stylesheet" crossorigin href="/${href}">\n`,
};

export function landingPages(pages: LandingPage[]): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'skyway-landing-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(index)?.[1];
      if (!entry) throw new Error('landing-pages: index.html has no module script');
      const linked = new Set([entry, ...[...index.matchAll(/href="\/([^"]+)"/g)].map((match) => match[1])]);
      const preloaded = [...index.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1] ?? '');

      for (const page of pages) {
        const chunk = Object.values(bundle).find(
          (file): file is Chunk => file.type === 'chunk' && Boolean(file.facadeModuleId?.endsWith(`/src/${page.module}`)),
        );
        if (!chunk) throw new Error(`landing-pages: no chunk holds ${page.module}`);
        const chunks = withImports(bundle, chunk);
        const scripts = chunks.map((c) => c.fileName).filter((file) => !linked.has(file));
        const sheets = [...new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].filter((file) => !linked.has(file));
        let html = replaceOnce(index, '</head>', `${sheets.map(tags.sheet).join('')}  </head>`);
        if (page.prerender) {
          const boot = bootScript(
            `/${entry}`,
            [...preloaded, ...scripts].map((file) => `/${file}`),
          );
          const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
          await writeFile(path.join(outDir, bootFile), boot);
          const markup = await renderPage(root, path.dirname(outDir), page.path);
          // NOTE: inert and hidden from assistive technology until the app takes over (its first render
          // replaces the wrapper): the page shows at once, and nothing on it takes a click, a key or a
          // screen reader's attention that the app would not see.
          html = replaceOnce(html, '<div id="root"></div>', `<div id="root"><div inert aria-hidden="true">${markup}</div></div>`);
          html = replaceOnce(html, /<script type="module"[^>]*><\/script>/, `<script type="module" crossorigin src="/${bootFile}"></script>`);
          html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        } else {
          html = replaceOnce(html, '</head>', `${scripts.map(tags.script).join('')}  </head>`);
        }
        await writeFile(path.join(outDir, page.file), html);
      }
      const routes = Object.fromEntries(pages.map((page) => [page.path, page.file]));
      await writeFile(path.join(outDir, 'landing-pages.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}
