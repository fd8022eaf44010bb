import path from 'node:path';

/*
 * The web app's modules the build treats apart (the start-up's pieces, docs/decisions.md
 * "Start-up"), as absolute paths: Rollup names a module by its resolved file.
 */

const WEB = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.resolve(WEB, file);

/** The entry (index.html's script) and what it imports one after the other: zod, then the start. */
export const ENTRY = at('src/app/startup/main.tsx');
export const START = at('src/app/startup/start.tsx');
export const ZOD_CONFIG = at('src/zod-config.ts');

/** The page's early requests: an entry of its own, its script first in index.html's head. */
export const EARLY_REQUESTS = at('src/app/startup/early-requests.ts');
/** The ids and paths the start-up shares with the server; the early entry imports them. */
export const STARTUP_CONSTANTS = path.resolve(WEB, '../../packages/shared/src/startup.ts');

/** Stands in for `@emotion/use-insertion-effect-with-fallbacks` (see the module). */
export const EMOTION_INSERTION = at('src/app/startup/emotion-insertion.ts');

export const LOGIN_SCREEN = at('src/features/auth/routes/login.tsx');
/** The main layout and the report screen: the MUI modules they need are a chunk of their own. */
export const FIELD_SCREENS = ['src/app/guard.tsx', 'src/features/reports/routes/report-fill.tsx'].map(at);

/**
 * The `react` chunk: React, and what the entry itself imports statically (vite's preload helper):
 * anything the entry imports from `base` would run all of `base` before zod's settings are in place.
 */
export const isReact = (id: string) =>
  /\/node_modules\/(react|react-dom|scheduler)\//.test(id) || /vite\/preload-helper|commonjsHelpers/.test(id);
export const isZod = (id: string) => id === ZOD_CONFIG || /\/node_modules\/zod\//.test(id);
/** The early entry's modules: a chunk of their own that imports nothing. */
export const isEarly = (id: string) => id === EARLY_REQUESTS || id === STARTUP_CONSTANTS;

/** `roots` and everything `next` leads to from them (modules by their imports, chunks by theirs). */
export function reachable<T>(roots: readonly T[], next: (node: T) => readonly T[]): Set<T> {
  const seen = new Set<T>();
  const todo = [...roots];
  while (todo.length > 0) {
    const node = todo.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    todo.push(...next(node));
  }
  return seen;
}
