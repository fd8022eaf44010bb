/**
 * The entry: zod, with its settings (zod-config.ts) in place before any module builds a schema,
 * then the start (start.tsx). Each is a chunk of its own (build/chunks.ts: `react`, which also
 * holds what this module imports, vite's preload helper; `zod`; `base`), and index.html preloads
 * them all at once (build/early-entry.ts), so neither import waits on a download of its own
 * (docs/decisions.md, "Start-up").
 */
async function boot() {
  await import('../../zod-config');
  const { start } = await import('./start');
  await start();
}

void boot();
