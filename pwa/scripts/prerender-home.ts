// A build step: writes home.html, the home page already rendered, so a first visit paints it before React.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

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

/** The style sheets of a chunk and of every chunk it imports. */
function styleSheets(bundle: Bundle, chunk: Chunk, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports.flatMap((name) => {
    const file = bundle[name];
    return file?.type === 'chunk' ? styleSheets(bundle, file, seen) : [];
  });
  return [...(chunk.viteMetadata?.importedCss ?? []), ...imported];
}

/** The page's script: the modules index.html loads, requested once the pre-rendered page has painted. */
function bootScript(entry: string, preloads: string[]): string {
  return `requestAnimationFrame(() => setTimeout(() => {
  for (const href of ${JSON.stringify(preloads)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
}));
`;
}

function replaceOnce(html: string, pattern: RegExp | string, replacement: string): string {
  if (!html.match(pattern)) throw new Error(`prerender-home: ${String(pattern)} is not in index.html`);
  return html.replace(pattern, replacement);
}

/**
 * home.html is the built index.html with the home page (inert) inside #root and its style sheets, whose
 * only script asks for the app's modules after the first paint. The server answers GET / with it; every other
 * path, and the service worker, keep index.html.
 */
export function prerenderHome(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'skyway-prerender-home',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const home = Object.values(bundle).find((file): file is Chunk => file.type === 'chunk' && Boolean(file.facadeModuleId?.endsWith('/pages/home/home-page.tsx')));
      if (!home) throw new Error('prerender-home: no chunk holds the home page');
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index)?.[1];
      if (!entry) throw new Error('prerender-home: index.html has no module script');
      const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1] ?? '');
      const boot = bootScript(entry, preloads);
      const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
      await writeFile(path.join(outDir, bootFile), boot);

      const linked = new Set([...index.matchAll(/href="\/([^"]+\.css)"/g)].map((match) => match[1]));
      const sheets = [...new Set(styleSheets(bundle, home))].filter((sheet) => !linked.has(sheet));
      const markup = await renderPage(root, path.dirname(outDir), '/');
      // NOTE: inert and hidden from assistive technology until the app takes over (its first render replaces
      // the wrapper): the page shows at once, and nothing on it takes a click, a key or a screen reader's
      // attention that the app would not see.
      let html = replaceOnce(index, '<div id="root"></div>', `<div id="root"><div inert aria-hidden="true">${markup}</div></div>`);
      html = replaceOnce(html, /<script type="module"[^>]*><\/script>/, `<script type="module" crossorigin src="/${bootFile}"></script>`);
      html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
      html = replaceOnce(html, '</head>', `${sheets.map((sheet) => `  <link rel="stylesheet" crossorigin href="/${sheet}">\n`).join('')}  </head>`);
      await writeFile(path.join(outDir, 'home.html'), html);
    },
  };
}
