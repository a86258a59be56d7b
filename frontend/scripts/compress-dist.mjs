// After `vite build`: each text file of dist/ gets its brotli (quality 11) and gzip (-9)
// copies beside it (`name.br`, `name.gz`), which the server takes at start instead of
// compressing in memory; so a shop whose files are read-only (a system service) starts at
// once. The server ignores a copy older than its file.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);
const dist = new URL('../dist/', import.meta.url).pathname;

// dist/server holds the server's own bundle (vite.ssr.config.ts): read by the server, never sent.
const serverOnly = join(dist, 'server');
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (path === serverOnly) return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });

let count = 0;
for (const file of files(dist).filter((f) => TEXT.has(extname(f)))) {
  const bytes = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files in dist/ (brotli 11, gzip -9)`);
