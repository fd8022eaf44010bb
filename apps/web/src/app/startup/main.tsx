import { nextTask } from './next-task';

/**
 * The entry. The main bundle's modules are evaluated in three tasks (a module graph is evaluated in
 * one go, and in one go it was the longest task of a phone's start):
 * 1. this module with React (`react`, `react-dom`, the scheduler): React's chunk also holds what
 *    the entry itself imports (vite's preload helper, nextTask);
 * 2. zod, with its settings (zod-config.ts) in place before any module builds a schema;
 * 3. everything else the first screen needs (start.tsx and the `base` chunk), then the start.
 * Each is a chunk of its own (vite.config.ts `chunksOf`), and index.html preloads them all at once,
 * so the steps wait on no download of their own (docs/architecture.md, "Start-up").
 */
async function boot() {
  await nextTask();
  await import('../../zod-config');
  await nextTask();
  const { start } = await import('./start');
  await start();
}

void boot();
