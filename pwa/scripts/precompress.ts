// A build step: a brotli copy (name.br) of every hashed script and style sheet, for the server to send
// to browsers that take br; made once at the highest quality rather than on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

export function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'skyway-precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    // NOTE: closeBundle, after every writeBundle (the pre-rendered home page's script is written there).
    async closeBundle() {
      const files = (await readdir(assetsDir)).filter((name) => /\.(js|css)$/.test(name));
      for (const name of files) {
        const file = path.join(assetsDir, name);
        const compressed = brotliCompressSync(await readFile(file), { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
        await writeFile(`${file}.br`, compressed);
      }
    },
  };
}
