// The API tests (Vitest, apps/server): on PGlite (project `server`), and on PostgreSQL (project
// `server-pg`) when TEST_DATABASE_URL names a server. API_SUITES=postgres runs only the
// PostgreSQL suite: CI (.ci/run) does, to stay within its time; the embedded database still runs
// under every browser test there, and `npm test` without it runs the PGlite suite as before.
import { spawnSync } from 'node:child_process';

const suites = [];
if (process.env.API_SUITES !== 'postgres' || !process.env.TEST_DATABASE_URL) suites.push(['server', 'api-pglite']);
if (process.env.TEST_DATABASE_URL) suites.push(['server-pg', 'api-postgres']);
else console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only');

for (const [project, report] of suites) {
  const res = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=reports/${report}.json`,
    ],
    { stdio: 'inherit' },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}
