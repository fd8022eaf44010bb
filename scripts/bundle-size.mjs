// Prints the size of the JavaScript the login page loads: the entry chunk and its steps, the login
// screen's lazy chunk and everything they import statically, as the server sends it (the build's Brotli copies,
// which Chromium and Firefox accept; gzip for the rest). A logged-out deep link (/admin/users)
// loads the same: the router checks the session before it fetches a screen or the main layout.
// Goal: at most 200 KB as transferred. The e2e test apps/web/e2e/shell/bundle.spec.ts measures
// the same in the browser. Usage: node scripts/bundle-size.mjs [dist directory]
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const GOAL_KB = 200;

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const seen = new Set();
collect('index.html', seen);
// The entry's steps (src/app/startup/main.tsx imports React, zod and the start one after the
// other; index.html preloads them): its dynamic imports.
for (const step of manifest['index.html'].dynamicImports ?? []) collect(step, seen);
// The page's early requests (src/app/startup/early-requests.ts), an entry of its own that index.html loads too.
collect('src/app/startup/early-requests.ts', seen);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/routes/login.tsx'));
if (!loginKey) throw new Error('login chunk not found in the manifest');
collect(loginKey, seen);

/** The size of the build's compressed copy, or of compressing it now (small files have none). */
function compressed(file, ext, compress) {
  const copy = `${file}.${ext}`;
  return existsSync(copy) ? readFileSync(copy).length : compress(readFileSync(file)).length;
}

const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const full = path.join(dist, file);
  rows.push({
    file,
    br: compressed(full, 'br', brotliCompressSync),
    gz: compressed(full, 'gz', (b) => gzipSync(b, { level: 9 })),
  });
}
rows.sort((a, b) => b.br - a.br);
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log('JavaScript loaded by the login page (KB, Brotli / gzip):');
for (const r of rows) console.log(`  ${kb(r.br)} ${kb(r.gz)}  ${r.file}`);
const br = rows.reduce((s, r) => s + r.br, 0);
const gz = rows.reduce((s, r) => s + r.gz, 0);
const verdict = (n) => (n / 1024 <= GOAL_KB ? 'PASS' : 'MISS');
console.log(`  ${kb(br)} ${kb(gz)}  total (goal <= ${GOAL_KB} KB as sent: Brotli ${verdict(br)}, gzip ${verdict(gz)})`);
