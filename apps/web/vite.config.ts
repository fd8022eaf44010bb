import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/app/pwa/pwa-options';
import { chunksOf } from './build/chunks';
import { earlyEntry } from './build/early-entry';
import { EMOTION_INSERTION } from './build/modules';
import { precompress } from './build/precompress';

// The build's pieces live in build/: the start-up's (early entry, chunks) are described in
// docs/decisions.md, "Start-up".

export default defineConfig({
  // The installable, offline-first app: manifest, precache, update prompt (src/app/pwa/).
  plugins: [react(), earlyEntry(), VitePWA(pwaOptions), precompress()],
  resolve: {
    // Emotion inserts a component's CSS while it renders, not in React's commit (see the module).
    alias: [
      {
        find: /^@emotion\/use-insertion-effect-with-fallbacks$/,
        replacement: EMOTION_INSERTION,
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
