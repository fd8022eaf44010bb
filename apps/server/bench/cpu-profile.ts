import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npx tsx bench/cpu-profile.ts <file.cpuprofile> [top] [--from <s>]`: a V8 CPU profile
 * (BENCH_CPU_PROF, or `node --cpu-prof`) as text: self time by where the code lives (a package of
 * node_modules, the app's src/, node's internals), the functions with the most self time and with
 * the most total time, so a profile can be read and quoted without a browser. `--from` leaves out
 * the first seconds (start-up: tsx compiling, migrations).
 *
 * The profile samples wall time: on a busy machine a process that wakes PostgreSQL (a socket
 * write) is often put aside right there, and that wait shows as self time of `writev`.
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const { values: flags, positionals: args } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string', default: '0' } },
});
const [file, topArg] = args;
if (!file) {
  console.error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
const from = profile.startTime + Number(flags.from) * 1e6;
for (let i = 0, t = profile.startTime; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  if (t < from) continue;
  const id = profile.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

/** Where a function lives: a package, the app, node itself, or V8's pseudo-frames. */
function placeOf(url: string): string {
  if (!url) return '(v8/native)';
  if (url.startsWith('node:')) return 'node:internal';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const m = /\/(apps\/[^/]+\/(?:src|bench)|packages\/[^/]+\/src)\//.exec(url);
  return m ? m[1]! : url;
}
const short = (url: string) => {
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return url.slice(nm + '/node_modules/'.length);
  const m = /\/((?:apps|packages)\/.*)$/.exec(url);
  return m ? m[1]! : url.replace(/^file:\/\//, '') || '';
};

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id)!;
  total += us;
  if (f.functionName === '(idle)') idle += us;
  const key = `${f.functionName || '(anonymous)'}  ${short(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPlace.set(placeOf(f.url), (byPlace.get(placeOf(f.url)) ?? 0) + us);
}

const busy = total - idle;
const line = (us: number, label: string) =>
  `${(us / 1000).toFixed(0).padStart(7)} ms ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${label}`;
console.log(
  `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy ` +
    `(shares below are of the busy time)`,
);
console.log('\nself time by place');
for (const [place, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  if (place !== '(v8/native)' || us !== idle) console.log(line(place === '(v8/native)' ? us - idle : us, place));
}
console.log(`\ntop ${top} functions by self time`);
for (const [key, us] of [...byFunction]
  .sort((a, b) => b[1] - a[1])
  .filter(([k]) => !k.startsWith('(idle)'))
  .slice(0, top)) {
  console.log(line(us, key));
}

// Total time (self and callees) per function, each function counted once per stack.
const totalUs = new Map<string, number>();
const keyOf = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${short(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
const subtree = new Map<number, number>();
const sizeOf = (id: number): number => {
  const n = byId.get(id)!;
  const us = (selfUs.get(id) ?? 0) + (n.children ?? []).reduce((a, c) => a + sizeOf(c), 0);
  subtree.set(id, us);
  return us;
};
const root = profile.nodes[0]!;
sizeOf(root.id);
const walk = (id: number, onStack: Set<string>) => {
  const n = byId.get(id)!;
  const key = keyOf(n);
  const fresh = !onStack.has(key);
  if (fresh) {
    totalUs.set(key, (totalUs.get(key) ?? 0) + subtree.get(id)!);
    onStack.add(key);
  }
  for (const c of n.children ?? []) walk(c, onStack);
  if (fresh) onStack.delete(key);
};
walk(root.id, new Set());
console.log(`\ntop ${top} functions by total time (with callees), outside node's internals`);
for (const [key, us] of [...totalUs]
  .filter(([k]) => !/^\((root|program|idle|garbage collector)\)/.test(k) && !k.includes('node:'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(line(us, key));
}
