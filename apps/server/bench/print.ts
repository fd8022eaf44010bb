import type { Finding, LoadResult, Scenario, Target } from './lib';
import { ratioOf, ratioVerdict, type RatioResult } from './ratio';

/* The bench's output: the answers checked before timing, one line per run, the closing tables. */

export type Row = { scenario: Scenario; kind: Target['kind']; result: LoadResult; findings: Finding[] };
export type RatioRow = { kind: Target['kind']; result: RatioResult };
export const LABEL: Record<Target['kind'], string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** Every path must answer 200 before it is timed; prints what the first few answer. */
export async function check(url: string, cookie: string, paths: string[]) {
  for (const [i, path] of paths.entries()) {
    const res = await fetch(url + path, { headers: { cookie, accept: 'application/json' } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    const body = JSON.parse(text) as { data?: unknown; meta?: { total: number } };
    const what = Array.isArray(body.data)
      ? `${body.data.length} of ${body.meta?.total ?? '?'}`
      : `${(text.length / 1024).toFixed(1)} KiB`;
    if (i < 10) console.log(`  ${path}  -> ${what}`);
  }
  if (paths.length > 10) console.log(`  ... and ${paths.length - 10} more paths, all 200`);
}

const ms = (v: number) => v.toFixed(1).padStart(7);
const verdict = (s: Scenario, kind: Target['kind'], r: LoadResult) =>
  r.failures > 0 ? 'FAIL (errors)' : r.p95 <= s.goalP95Ms[kind] ? 'PASS' : 'MISS';
export const line = (s: Scenario, kind: Target['kind'], r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms ` +
  `(goal p95 <= ${s.goalP95Ms[kind]} ms): ${verdict(s, kind, r)}`;

export const findingLine = (f: Finding) =>
  `${f.label}: ${f.value.toFixed(f.unit === 's' ? 2 : 0)} ${f.unit} (goal <= ${f.goal} ${f.unit}): ${
    f.value <= f.goal ? 'PASS' : 'MISS'
  }`;

/** The closing tables: every scenario's run and finding, then the ratio bench's rows. */
export function printTables(
  rows: Row[],
  ratios: RatioRow[],
  o: { connections: number; seconds: number; warmup: number; rounds: number; ratioSeconds: number },
) {
  const { connections, seconds, warmup, rounds, ratioSeconds } = o;
  console.log(`\n${connections} connections, server in its own process`);
  if (rows.length) {
    console.log(`${seconds} s per run (after ${warmup} s warm-up)`);
    const width = Math.max(8, ...rows.map((r) => r.scenario.name.length));
    console.log(`${'scenario'.padEnd(width)}  database     req/s   p50 ms  p95 ms  p99 ms  goal p95  result`);
    for (const { scenario, kind, result: r } of rows) {
      console.log(
        `${scenario.name.padEnd(width)}  ${LABEL[kind].padEnd(10)} ${r.rps.toFixed(0).padStart(7)} ${ms(r.p50)} ${ms(r.p95)} ` +
          `${ms(r.p99)}  <= ${String(scenario.goalP95Ms[kind]).padStart(2)} ms  ${verdict(scenario, kind, r)}`,
      );
    }
    for (const { scenario, kind, findings } of rows)
      for (const f of findings)
        console.log(`${scenario.name.padEnd(width)}  ${LABEL[kind].padEnd(10)} ${findingLine(f)}`);
  }
  if (ratios.length) {
    console.log(
      `\nratio: app / ceiling (a bare route running the same statements), ${rounds} alternating rounds of ` +
        `${ratioSeconds} s each (after ${warmup} s warm-up); CPU: the server process's per request (median of the rounds)`,
    );
    console.log(
      'list                    database    app req/s  p95 ms  CPU ms  ceiling req/s  p95 ms  CPU ms  ratio  rounds    result',
    );
    for (const { kind, result } of ratios) {
      const m = ratioOf(result);
      const pct = (x: number) => (x * 100).toFixed(0);
      console.log(
        `${result.name.padEnd(22)}  ${LABEL[kind].padEnd(10)} ${m.appRps.toFixed(0).padStart(10)} ${ms(m.appP95)} ` +
          `${m.appCpuMs.toFixed(2).padStart(7)} ${m.ceilingRps.toFixed(0).padStart(14)} ${ms(m.ceilingP95)} ` +
          `${m.ceilingCpuMs.toFixed(2).padStart(7)}  ${`${pct(m.ratio)} %`.padStart(5)}  ` +
          `${`${pct(m.low)}-${pct(m.high)} %`.padEnd(8)}  ${ratioVerdict(result)}`,
      );
    }
  }
}
