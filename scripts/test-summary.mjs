// Prints one closing line over every test run of `npm test` ("Tests: N passed, N failed"),
// read from the JSON reports Vitest and Playwright wrote into reports/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('reports');
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];
for (const file of existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : []) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  let p;
  let f;
  let s;
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else {
    // Vitest (jest-compatible JSON)
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  }
  passed += p;
  failed += f;
  skipped += s;
  parts.push(`${path.basename(file, '.json')} ${p}`);
}
console.log(`\n${parts.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
