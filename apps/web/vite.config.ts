import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/app/pwa/pwa-options';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build, compressed
 * once at their best levels; the server sends the one the browser accepts (@fastify/static
 * `preCompressed`), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'keurwijzer-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const ENTRY = path.resolve(import.meta.dirname, 'src/main.tsx');
/** What the entry evaluates in its steps (src/main.tsx): React, zod, then the start. */
const START = path.resolve(import.meta.dirname, 'src/start.tsx');
const ZOD_CONFIG = path.resolve(import.meta.dirname, 'src/zod-config.ts');
const NEXT_TASK = path.resolve(import.meta.dirname, 'src/next-task.ts');
/**
 * The first step's chunk: React, and what the entry itself imports statically (vite's preload
 * helper, nextTask): anything the entry imports from `base` would run all of `base` before the
 * steps begin.
 */
const isReact = (id: string) =>
  /\/node_modules\/(react|react-dom|scheduler)\//.test(id) ||
  id === NEXT_TASK ||
  /vite\/preload-helper|commonjsHelpers/.test(id);
const isZod = (id: string) => id === ZOD_CONFIG || /\/node_modules\/zod\//.test(id);
const LOGIN_SCREEN = path.resolve(import.meta.dirname, 'src/features/auth/routes/login.tsx');
/** The main layout and the report screen: the MUI modules they need are a chunk of their own. */
const FIELD_SCREENS = ['src/app/guard.tsx', 'src/features/reports/routes/report-fill.tsx'].map((m) =>
  path.resolve(import.meta.dirname, m),
);
const EARLY_REQUESTS = path.resolve(import.meta.dirname, 'src/early-requests.ts');
/** `roots` and everything `next` leads to from them (modules by their imports, chunks by theirs). */
function reachable<T>(roots: readonly T[], next: (node: T) => readonly T[]): Set<T> {
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

/** The id of index.html's list of the report screen's code (read by src/early-requests.ts). */
const REPORT_SCREEN_CODE_ID = 'report-screen-code';

type BundleChunk = {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** A build's chunks with the helpers to walk them. */
function bundleGraph(bundle: Record<string, { type: string }>) {
  const chunks = Object.values(bundle).filter((c): c is BundleChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (roots: BundleChunk[]) => reachable(roots, (chunk) => chunk.imports.map((file) => byFile.get(file)!));
  const chunkOf = (module: string) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(module));
    if (!chunk) throw new Error(`no chunk of ${module} in the build`);
    return chunk;
  };
  /** The entry's steps (src/main.tsx: React, zod, the start) with what they import statically. */
  const steps = () =>
    closure([chunkOf(ZOD_CONFIG), chunkOf(START), ...chunks.filter((c) => c.moduleIds.some(isReact))]);
  return { closure, chunkOf, steps };
}

/**
 * What index.html preloads: the chunks of the entry's steps. The entry imports them dynamically
 * (each step a task of its own), so without these links each would be asked only when its step
 * begins.
 */
function startPreloads(bundle: Record<string, { type: string }>): string[] {
  const { steps, chunkOf, closure } = bundleGraph(bundle);
  // Vite links what the entry imports statically itself.
  const linked = closure([chunkOf(ENTRY)]);
  return [...steps()].filter((c) => !linked.has(c)).map((c) => `/${c.fileName}`);
}

/**
 * The files a report screen needs beyond the entry's: the main layout's and the report screen's
 * chunks with what they import statically, and their CSS. Paths from the site's root.
 */
function reportScreenCode(bundle: Record<string, { type: string }>): string[] {
  const { closure, chunkOf, steps } = bundleGraph(bundle);
  const loaded = closure([chunkOf(ENTRY), ...steps()]);
  const needed = [...closure(FIELD_SCREENS.map(chunkOf))].filter((c) => !loaded.has(c));
  return [...needed.map((c) => c.fileName), ...needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])].map(
    (file) => `/${file}`,
  );
}

/**
 * src/early-requests.ts as an entry of its own, its script tag first in index.html's head: the
 * page's session check (and a report screen's data and code) start while the main bundle is on its
 * way. In index.html itself it would join main.tsx's entry, which runs only after the main bundle.
 * The report screen's files are listed in index.html as JSON (not a script that runs: the
 * Content-Security-Policy allows no inline script), built from this build's chunks; the chunks
 * of the entry's steps are preloaded (`startPreloads`).
 */
function earlyRequests(): Plugin {
  return {
    name: 'keurwijzer-early-requests',
    config: (_config, { command }) =>
      command === 'build'
        ? { build: { rollupOptions: { input: { index: 'index.html', early: EARLY_REQUESTS } } } }
        : {},
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === EARLY_REQUESTS,
        );
        const src = ctx.bundle ? (chunk ? `/${chunk.fileName}` : null) : '/src/early-requests.ts';
        if (!src) throw new Error('the early-requests chunk is missing from the build');
        return [
          { tag: 'script', attrs: { type: 'module', src }, injectTo: 'head-prepend' },
          ...(ctx.bundle
            ? [
                ...startPreloads(ctx.bundle).map((href) => ({
                  tag: 'link',
                  attrs: { rel: 'modulepreload', crossorigin: true, href },
                  injectTo: 'head' as const,
                })),
                {
                  tag: 'script',
                  attrs: { type: 'application/json', id: REPORT_SCREEN_CODE_ID },
                  children: JSON.stringify(reportScreenCode(ctx.bundle)),
                  injectTo: 'head' as const,
                },
              ]
            : []),
        ];
      },
    },
  };
}

type ModuleInfo = { importedIds: readonly string[] } | null;
type ChunkMeta = { getModuleInfo: (id: string) => ModuleInfo };

/**
 * The chunks of the build. The screens after login share many small modules (MUI's menus,
 * dialogs, lists and chips; the app's formatters, form parts and API hooks): left to Rollup they
 * became about 80 chunks of a few KB, which a report screen fetched over HTTP/1.1's 6 connections
 * before its data (Lighthouse mobile: LCP 7.9 s). So:
 * - `react`, `zod` and `base`: what the login page loads, in the three steps the entry evaluates
 *   one after the other (src/main.tsx): React; zod; start.tsx's and the login screen's static
 *   imports. Together they are the login page's budget (scripts/bundle-size.mjs).
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
function chunksOf() {
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
    // The entry's first two steps (src/main.tsx).
    if (isReact(id)) return 'react';
    if (isZod(id)) return 'zod';
    if (baseOf(meta).has(id)) return 'base';
    if (isMui(id)) return fieldOf(meta).has(id) ? 'mui-field' : 'mui';
    if (isShared(id) && isLight(id, meta)) return fieldOf(meta).has(id) ? 'app-field' : 'app';
    return undefined;
  };
}

export default defineConfig({
  // The installable, offline-first app: manifest, precache, update prompt (src/app/pwa/).
  plugins: [react(), earlyRequests(), VitePWA(pwaOptions), precompress()],
  resolve: {
    // Emotion inserts a component's CSS while it renders, not in React's commit (see the module).
    alias: [
      {
        find: /^@emotion\/use-insertion-effect-with-fallbacks$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/emotion-insertion.ts'),
      },
    ],
  },
  build: {
    // The bundle-size script reads the manifest to know what the login page loads.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: { manualChunks: chunksOf() },
      onwarn(warning, warn) {
        // zod's sources carry `@__PURE__` notes in comments Rollup cannot place; it drops them
        // (harmless, zod's own choice). Every other warning is shown.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
