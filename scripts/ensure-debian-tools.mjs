// Finds the Debian programs the API tests read PDFs with (poppler-utils: pdftotext). When one is
// missing and this machine can install Debian packages (root + apt-get), installs it; otherwise
// stops with a clear message. The browser's Chromium has its own script (ensure-chromium.mjs).
import { execFileSync, spawnSync } from 'node:child_process';

/** Program -> the Debian package that brings it. */
const TOOLS = { pdftotext: 'poppler-utils' };

const has = (program) => spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
const canInstall = () => typeof process.getuid === 'function' && process.getuid() === 0 && has('apt-get');

const missing = [
  ...new Set(
    Object.entries(TOOLS)
      .filter(([program]) => !has(program))
      .map(([, pkg]) => pkg),
  ),
];
if (missing.length > 0) {
  if (!canInstall()) {
    console.error(
      `Missing Debian packages for the tests: ${missing.join(', ')}; they cannot be installed from here (needs root and apt-get).\n` +
        `Install them with: sudo apt-get install ${missing.join(' ')}, then run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(', ')} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  const still = Object.keys(TOOLS).filter((program) => !has(program));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.join(', ')} was not found.`);
    process.exit(1);
  }
}
