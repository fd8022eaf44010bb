// Finds the Debian programs the API tests need: pdftotext (poppler-utils) to read PDFs, and nginx,
// which the proxy test runs as a child process in front of the app (never as a system service).
// When one is missing and this machine can install Debian packages (root + apt-get), installs
// it; otherwise stops with a clear message. The browser's Chromium has its own script
// (ensure-chromium.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Program -> the Debian packages that bring it, the first one the archive has wins. */
const TOOLS = {
  pdftotext: ['poppler-utils'],
  // nginx-light (bookworm) is the smallest build with the proxy module; later releases have only nginx.
  nginx: ['nginx-light', 'nginx'],
};

// Root's PATH has /usr/sbin (nginx); another user's often not, so look there too.
const has = (program) =>
  spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0 ||
  existsSync(`/usr/sbin/${program}`);
const canInstall = () => typeof process.getuid === 'function' && process.getuid() === 0 && has('apt-get');

/** Whether the package archive has `pkg` to install (after apt-get update). */
const available = (pkg) => {
  const out = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' }).stdout ?? '';
  const candidate = /Candidate:\s*(\S+)/.exec(out)?.[1];
  return candidate !== undefined && candidate !== '(none)';
};

const missing = Object.entries(TOOLS).filter(([program]) => !has(program));
if (missing.length > 0) {
  const names = missing.map(([, pkgs]) => pkgs[0]);
  if (!canInstall()) {
    console.error(
      `Missing Debian packages for the tests: ${names.join(', ')}; they cannot be installed from here (needs root and apt-get).\n` +
        `Install them with: sudo apt-get install ${names.join(' ')}, then run npm test again.`,
    );
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const packages = missing.map(([, pkgs]) => pkgs.find(available) ?? pkgs[0]);
  console.log(`Installing Debian's ${packages.join(', ')} ...`);
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  const still = Object.keys(TOOLS).filter((program) => !has(program));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.join(', ')} was not found.`);
    process.exit(1);
  }
}
