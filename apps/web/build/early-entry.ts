import type { Plugin } from 'vite';
// By its path: the config's loader (Node) runs a package's TypeScript only when it is bundled, and
// it bundles relative imports only.
import { REPORT_SCREEN_CODE_ID } from '../../../packages/shared/src/startup';
import { EARLY_REQUESTS, ENTRY, FIELD_SCREENS, START, ZOD_CONFIG, isReact, reachable } from './modules';

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
  /** What the entry evaluates (src/app/startup/main.tsx: React, zod, the start) with its static imports. */
  const steps = () =>
    closure([chunkOf(ZOD_CONFIG), chunkOf(START), ...chunks.filter((c) => c.moduleIds.some(isReact))]);
  return { closure, chunkOf, steps };
}

/**
 * What index.html preloads: the chunks the entry evaluates. The entry imports them dynamically
 * (zod's settings before any schema), so without these links each would be asked only when the
 * one before it has run.
 */
function startPreloads(bundle: Record<string, { type: string }>): string[] {
  const { steps, chunkOf, closure } = bundleGraph(bundle);
  // Vite links what the entry imports statically itself; the early chunk has its script tag first.
  const linked = closure([chunkOf(ENTRY), chunkOf(EARLY_REQUESTS)]);
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
 * src/app/startup/early-requests.ts as an entry of its own, its script tag first in index.html's
 * head: the page's session check (and a report screen's data and code) start while the main bundle
 * is on its way. In index.html itself it would join main.tsx's entry, which runs only after the
 * main bundle. The report screen's files are listed in index.html as JSON (not a script that runs:
 * the Content-Security-Policy allows no inline script), built from this build's chunks; the chunks
 * the entry evaluates are preloaded (`startPreloads`).
 */
export function earlyEntry(): Plugin {
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
        const src = ctx.bundle ? (chunk ? `/${chunk.fileName}` : null) : '/src/app/startup/early-requests.ts';
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
