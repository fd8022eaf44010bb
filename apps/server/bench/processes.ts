import type autocannon from 'autocannon';
import { load, startServer, type LoadResult, type Server, type Target } from './lib';
import { csrfHeaders, type RatioCase } from './ratio';

/**
 * One vs two processes: the same load (connections, paths or answer saves) on one
 * app process, then split over two processes on the same PostgreSQL database (half the
 * connections each, as a round-robin proxy would send them; no proxy in between, so its own cost
 * is not measured), alternately for `rounds` rounds. Both processes have their own pool
 * (DATABASE_POOL_SIZE each).
 */
export type ProcessesResult = { name: string; one: LoadResult[]; two: LoadResult[] };

const sum = (rs: LoadResult[]) => ({
  rps: rs.reduce((a, r) => a + r.rps, 0),
  p95: Math.max(...rs.map((r) => r.p95)),
  failures: rs.reduce((a, r) => a + r.failures, 0),
  requests: rs.reduce((a, r) => a + r.requests, 0),
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runProcesses(opts: {
  target: Target;
  first: Server;
  cookie: string;
  cases: RatioCase[];
  connections: number;
  seconds: number;
  warmup: number;
  rounds: number;
  report(line: string): void;
}): Promise<ProcessesResult[]> {
  if (opts.target.kind !== 'postgres') {
    opts.report('processes: PGlite is one process by design (its DATA_DIR lock); PostgreSQL only');
    return [];
  }
  const second = await startServer(opts.target);
  try {
    const headers = await csrfHeaders(opts.first.url, opts.cookie);
    const on = (server: Server, c: RatioCase, connections: number, seconds: number) =>
      load({
        url: server.url,
        cookie: opts.cookie,
        paths: c.paths,
        requests: c.requests as autocannon.Request[] | undefined,
        headers,
        connections,
        seconds,
      });
    const half = Math.max(1, Math.floor(opts.connections / 2));
    const one = (c: RatioCase, seconds: number) => on(opts.first, c, opts.connections, seconds);
    const two = async (c: RatioCase, seconds: number) => {
      const rs = await Promise.all([on(opts.first, c, half, seconds), on(second, c, opts.connections - half, seconds)]);
      const s = sum(rs);
      return { ...rs[0]!, rps: s.rps, p95: s.p95, failures: s.failures, requests: s.requests };
    };
    const results: ProcessesResult[] = [];
    for (const c of opts.cases) {
      await one(c, opts.warmup);
      await two(c, opts.warmup);
      const r: ProcessesResult = { name: c.name, one: [], two: [] };
      for (let i = 0; i < opts.rounds; i++) {
        r.one.push(await one(c, opts.seconds));
        r.two.push(await two(c, opts.seconds));
      }
      opts.report(processesLine(r));
      results.push(r);
    }
    return results;
  } finally {
    await second.stop();
  }
}

export function processesLine(r: ProcessesResult): string {
  const one = median(r.one.map((x) => x.rps));
  const two = median(r.two.map((x) => x.rps));
  const p95One = median(r.one.map((x) => x.p95));
  const p95Two = median(r.two.map((x) => x.p95));
  const failures = [...r.one, ...r.two].reduce((a, x) => a + x.failures, 0);
  return (
    `processes ${r.name}: 1 process ${one.toFixed(0)} req/s (p95 ${p95One.toFixed(1)} ms), ` +
    `2 processes ${two.toFixed(0)} req/s (p95 ${p95Two.toFixed(1)} ms): x${(two / one).toFixed(2)}; ${failures} failed`
  );
}
