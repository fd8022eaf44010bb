// Usage: node scripts/run-if-env.mjs VAR -- command args...
// Runs the command only when the environment variable VAR is set (e.g. the PostgreSQL API suite).
import { spawnSync } from 'node:child_process';

const [name, sep, cmd, ...args] = process.argv.slice(2);
if (!name || sep !== '--' || !cmd) {
  console.error('usage: run-if-env.mjs VAR -- command [args...]');
  process.exit(2);
}
if (!process.env[name]) {
  console.log(`${name} is not set: skipping "${[cmd, ...args].join(' ')}"`);
  process.exit(0);
}
const res = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(res.status ?? 1);
