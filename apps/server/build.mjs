// Bundles the server into dist/index.js. Our own packages (@keurwijzer/*) are bundled, because
// packages/shared ships TypeScript source; every other dependency stays in node_modules.
import { existsSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@keurwijzer/'));

await build({
  entryPoints: {
    index: 'src/index.ts',
    ...(existsSync('src/cli/create-user.ts') ? { 'create-user': 'src/cli/create-user.ts' } : {}),
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log('server built: apps/server/dist');
