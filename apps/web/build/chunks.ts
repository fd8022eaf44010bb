import { ENTRY, FIELD_SCREENS, LOGIN_SCREEN, START, isEarly, isReact, isZod, reachable } from './modules';

type ModuleInfo = { importedIds: readonly string[] } | null;
type ChunkMeta = { getModuleInfo: (id: string) => ModuleInfo };

/**
 * The chunks of the build (docs/decisions.md, "Start-up"). The screens after login share many
 * small modules (MUI's menus, dialogs, lists and chips; the app's formatters, form parts and API
 * hooks): left to Rollup they become about 80 chunks of a few KB, which a report screen fetches
 * over HTTP/1.1's 6 connections before its data. So:
 * - `early`: the early entry (src/app/startup/early-requests.ts) with the constants it imports,
 *   one file that imports nothing; the app imports those constants from it.
 * - `react`, `zod` and `base`: what the login page loads, in the order the entry evaluates them
 *   (src/app/startup/main.tsx): React; zod; start.tsx's and the login screen's static imports. Together they are the login page's budget (scripts/bundle-size.mjs).
 * - `mui`: every other module of MUI and its styling; `app`: every other shared module of the web
 *   app (src/components, src/lib) that needs no other library (the password meter's dictionaries,
 *   the phone number rules, the form library stay in chunks of their own). Each in two: what the
 *   main layout and the report screen reach (FIELD_SCREENS) is `mui-field` / `app-field`, so the
 *   phone's report screen does not wait for the office's tables, menus and pickers. The zod schemas of
 *   packages/shared are not put together: each is built when its module runs, and a screen should
 *   build only its own.
 * - each screen (features/x/routes) and any other lazy library (the QR decoder, the signature pad)
 *   keeps its own chunk.
 * Rollup puts a manual chunk's dependencies into it unless they have a chunk of their own, which
 * is why the login page's modules are named too.
 */
export function chunksOf() {
  /** Every module a screen's static imports reach (not through other screens or lazy imports). */
  const reach = (roots: string[], meta: ChunkMeta) =>
    reachable(roots, (id) => meta.getModuleInfo(id)?.importedIds ?? []);
  let base: Set<string> | null = null;
  const baseOf = (meta: ChunkMeta) => (base ??= reach([START, LOGIN_SCREEN], meta));
  let field: Set<string> | null = null;
  const fieldOf = (meta: ChunkMeta) => (field ??= reach(FIELD_SCREENS, meta));
  const isMui = (id: string) => /\/node_modules\/(@mui|@emotion|react-transition-group|@popperjs)\//.test(id);
  const isShared = (id: string) => /\/apps\/web\/src\/(components|lib)\//.test(id);
  /** Whether a module's static imports reach a library outside `base` and `mui` (kept apart). */
  const light = new Map<string, boolean>();
  const isLight = (id: string, meta: ChunkMeta): boolean => {
    const known = light.get(id);
    if (known !== undefined) return known;
    light.set(id, true);
    const result = (meta.getModuleInfo(id)?.importedIds ?? []).every(
      (dep) => baseOf(meta).has(dep) || isMui(dep) || (isShared(dep) && isLight(dep, meta)),
    );
    light.set(id, result);
    return result;
  };
  return (id: string, meta: ChunkMeta): string | undefined => {
    if (id === ENTRY || /\/features\/[^/]+\/routes\//.test(id)) return undefined;
    if (isEarly(id)) return 'early';
    // What the entry evaluates before the start (src/app/startup/main.tsx).
    if (isReact(id)) return 'react';
    if (isZod(id)) return 'zod';
    if (baseOf(meta).has(id)) return 'base';
    if (isMui(id)) return fieldOf(meta).has(id) ? 'mui-field' : 'mui';
    if (isShared(id) && isLight(id, meta)) return fieldOf(meta).has(id) ? 'app-field' : 'app';
    return undefined;
  };
}
