// `npm test`: every check in phases, each phase timed, stopping at the first that fails. The
// checks of a phase run side by side (their output is printed whole as each finishes): tsc and
// ESLint are single-threaded, so on a 2-core machine they take the time of the slower one.
// Then the closing summary over every test report (scripts/test-summary.mjs).
import { spawn } from 'node:child_process';

const PHASES = [['clean-reports'], ['typecheck', 'lint'], ['test:unit'], ['test:api'], ['test:e2e']];
const COMMANDS = { 'clean-reports': ['node', ['scripts/clean-reports.mjs']] };

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);

function run(name, buffered) {
  const [cmd, args] = COMMANDS[name] ?? ['npm', ['run', '--silent', name]];
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks = [];
  if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (buffered) process.stdout.write(Buffer.concat(chunks));
      console.log(`\n== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(started)} s\n`);
      resolve(code ?? 1);
    }),
  );
}

const started = Date.now();
let failed = false;
for (const phase of PHASES) {
  const codes = await Promise.all(phase.map((name) => run(name, phase.length > 1)));
  if (codes.some((c) => c !== 0)) {
    failed = true;
    break;
  }
}
const summary = await new Promise((resolve) =>
  spawn('node', ['scripts/test-summary.mjs'], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)),
);
console.log(`== npm test: ${failed || summary !== 0 ? 'FAILED' : 'passed'} in ${seconds(started)} s`);
process.exit(failed || summary !== 0 ? 1 : 0);
