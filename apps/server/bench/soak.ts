import autocannon from 'autocannon';
import { like } from 'drizzle-orm';
import { customers } from '../src/db/schema/customers';
import { seedDemo } from '../src/seed/demo';
import { startProxy } from '../src/test/round-robin-proxy';
import { login, postgresTarget, startServer, type Server } from './lib';
import { csrfHeaders } from './ratio';

/**
 * The soak: two app processes on one PostgreSQL database (the demo company) behind a
 * round-robin proxy, a steady mixed load through the proxy for `seconds` (after `warmup` at the
 * same load): the customers list, a customer's machines, the office home, a search, and creating
 * a customer (one request in five is a write). Goals: no 5xx at all, each process's resident
 * memory at the end less than 10 % above the level it settled at one minute in, and every write
 * the app acknowledged (201) present in the database afterwards.
 */
const DEMO_PASSWORD = 'Demo1234!';
const RSS_GOAL = 0.1;
const SAMPLE_MS = 30_000;

type Counts = { requests: number; byStatus: Map<number, number>; errors: number; times: number[] };

export async function runSoak(opts: { pgUrl: string; seconds: number; warmup: number; connections: number }) {
  const target = await postgresTarget(opts.pgUrl);
  const servers: Server[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  try {
    const database = await target.open();
    try {
      await seedDemo(database.db, { password: DEMO_PASSWORD, scryptLogN: 14 });
    } finally {
      await database.close();
    }
    // The migrations ran at the seed's open; the two processes start on a ready database.
    servers.push(await startServer(target), await startServer(target));
    const upstreams = servers.map((s) => ({ port: Number(new URL(s.url).port), served: 0 }));
    proxy = await startProxy(0, upstreams);
    const cookie = await login(proxy.url, 'admin@example.com', DEMO_PASSWORD);
    const headers = { cookie, accept: 'application/json', ...(await csrfHeaders(proxy.url, cookie)) };
    const list = (await (
      await fetch(`${proxy.url}/api/customers?itemsPerPage=5&sortKey=name`, { headers })
    ).json()) as { data: { id: number }[] };
    const customerIds = list.data.map((c) => c.id);

    const acknowledged = new Set<string>();
    let written = 0;
    const run = `SOAK-${Date.now().toString(36)}`;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/customers?itemsPerPage=25&sortKey=name' },
      ...customerIds.map((id): autocannon.Request => ({
        method: 'GET',
        path: `/api/customers/${id}/machines?itemsPerPage=25`,
      })),
      { method: 'GET', path: '/api/overview' },
      { method: 'GET', path: '/api/customers?itemsPerPage=25&search=metaal' },
      {
        method: 'POST',
        path: '/api/customers',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req, context: { number?: string }) => {
          const number = `${run}-${++written}`;
          context.number = number;
          return { ...req, body: JSON.stringify({ name: `Soak ${number}`, customer_number: number, city: 'Delft' }) };
        },
        onResponse: (status, _body, context: { number?: string }) => {
          if (status === 201 && context.number) acknowledged.add(context.number);
        },
      },
    ];
    const cannon = (seconds: number, counts?: Counts) =>
      new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          { url: proxy!.url, connections: opts.connections, duration: seconds, headers, requests },
          (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
        );
        if (!counts) return;
        instance.on('response', (_client, status, _bytes, ms) => {
          counts.requests++;
          counts.byStatus.set(status, (counts.byStatus.get(status) ?? 0) + 1);
          counts.times.push(ms);
        });
        instance.on('reqError', () => counts.errors++);
      });

    console.log(`[soak] warm-up ${opts.warmup} s, then ${opts.seconds} s at ${opts.connections} connections`);
    await cannon(opts.warmup);
    const rss = async () => Promise.all(servers.map((s) => s.memory()));
    const start = await rss();
    const samples: number[][] = [start];
    const counts: Counts = { requests: 0, byStatus: new Map(), errors: 0, times: [] };
    const sampler = setInterval(() => void rss().then((r) => samples.push(r)), SAMPLE_MS);
    try {
      await cannon(opts.seconds, counts);
    } finally {
      clearInterval(sampler);
    }
    const end = await rss();
    samples.push(end);
    // What a leak shows: growth from the level the processes settle at (one minute in: the
    // warm-up's garbage collected) to the end; the start itself is the warm-up's high-water mark.
    const settled = samples[Math.min(2, samples.length - 1)]!;

    // Every acknowledged write, read back from the database itself.
    const check = await target.open();
    let present: Set<string>;
    try {
      const rows = await check.db
        .select({ number: customers.customerNumber })
        .from(customers)
        .where(like(customers.customerNumber, `${run}-%`));
      present = new Set(rows.map((r) => r.number));
    } finally {
      await check.close();
    }
    const missing = [...acknowledged].filter((n) => !present.has(n));

    counts.times.sort((a, b) => a - b);
    const p = (q: number) => counts.times[Math.min(counts.times.length - 1, Math.ceil(q * counts.times.length) - 1)]!;
    const fivexx = [...counts.byStatus].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
    const statuses = [...counts.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
    const growth = end.map((e, i) => e / settled[i]! - 1);
    console.log(
      `[soak] ${counts.requests} requests in ${opts.seconds} s (${(counts.requests / opts.seconds).toFixed(0)} req/s), ` +
        `p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms; statuses ${statuses}; ` +
        `connection errors ${counts.errors}; served per process ${upstreams.map((u) => u.served).join(' / ')}`,
    );
    console.log(
      `[soak] RSS every ${SAMPLE_MS / 1000} s (MB, process 1 / 2): ${samples
        .map((s) => s.map((b) => (b / 1024 / 1024).toFixed(0)).join('/'))
        .join('  ')}`,
    );
    const verdicts = [
      [`5xx answers: ${fivexx} (goal 0)`, fivexx === 0 && counts.errors === 0],
      ...growth.map(
        (g, i) =>
          [
            `RSS of process ${i + 1}: ${mb(start[i]!)} at the start, ${mb(settled[i]!)} one minute in -> ${mb(end[i]!)} ` +
              `at the end (${(g * 100).toFixed(1)} %, goal < ${RSS_GOAL * 100} %)`,
            g < RSS_GOAL,
          ] as const,
      ),
      [
        `acknowledged writes present: ${acknowledged.size - missing.length} of ${acknowledged.size}`,
        missing.length === 0,
      ],
    ] as const;
    for (const [text, ok] of verdicts) console.log(`[soak] ${text}: ${ok ? 'PASS' : 'FAIL'}`);
    if (missing.length) console.log(`[soak] missing: ${missing.slice(0, 10).join(', ')}`);
    return verdicts.every(([, ok]) => ok);
  } finally {
    await proxy?.close();
    for (const s of servers) await s.stop();
    await target.dispose();
  }
}
