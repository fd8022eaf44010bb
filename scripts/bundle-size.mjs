// Prints the gzipped size of the JavaScript the login page loads: the entry chunk, the login
// screen's lazy chunk and everything they import statically. Goal: at most 200 KB.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve('apps/web/dist');
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
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/routes/login.tsx'));
if (!loginKey) throw new Error('login chunk not found in the manifest');
collect(loginKey, seen);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
console.log('JavaScript loaded by the login page (gzipped):');
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const kb = total / 1024;
console.log(`  ${kb.toFixed(1).padStart(7)} KB  total  (goal <= ${GOAL_KB} KB: ${kb <= GOAL_KB ? 'PASS' : 'MISS'})`);
