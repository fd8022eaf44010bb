// Finds Debian's Chromium for the browser tests. When it is missing and this machine can install
// Debian packages (root + apt-get), installs the `chromium` package; otherwise stops with a clear
// message. Never downloads a browser build of its own (`playwright install` cannot work here).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

function canInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  return isRoot && hasApt;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let found = findChromium();
  if (!found) {
    if (!canInstall()) {
      console.error(
        'Chromium was not found and cannot be installed from here (needs root and apt-get).\n' +
          "Install Debian's package with: sudo apt-get install chromium  (or set CHROMIUM_PATH), then run npm test again.",
      );
      process.exit(1);
    }
    console.log("Chromium not found: installing Debian's chromium package ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    found = findChromium();
    if (!found) {
      console.error('apt-get finished but no Chromium binary was found.');
      process.exit(1);
    }
  }
  console.log(`Chromium: ${found}`);
}
