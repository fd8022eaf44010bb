// The browser tests, split over E2E_SHARDS Playwright processes that run side by side (default
// 2). Each shard starts its own server on its own port with its own fresh demo database
// (playwright.config.ts), so the shards share nothing; each writes reports/e2e-<n>.json, which
// scripts/test-summary.mjs adds up. Most of a browser test is waiting (the page, the server, a
// transition), so two shards on a 2-core machine take about 60 % of one run. Arguments are passed
// on to every shard (e.g. a spec file); E2E_SHARDS=1 runs one plain `playwright test`.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3100);
const args = process.argv.slice(2);

function run(index) {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`, `--output=test-results/shard-${index}`] : [];
  const child = spawn('npx', ['playwright', 'test', ...shardArgs, ...args], {
    env: {
      ...process.env,
      E2E_PORT: String(basePort + index - 1),
      E2E_REPORT: shards > 1 ? `reports/e2e-${index}.json` : 'reports/e2e.json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[${index}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
if (failed > 0) console.error(`${failed} of ${shards} browser-test shard(s) failed`);
process.exit(failed > 0 ? 1 : 0);
