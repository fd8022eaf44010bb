import type { VitePWAOptions } from 'vite-plugin-pwa';
import {
  API_CACHE,
  API_DATA_ROUTE,
  API_IMAGE_CACHE,
  API_IMAGE_ROUTE,
  NAVIGATION_DENYLIST,
} from '../../lib/offline-cache/cached-routes';

const DAY = 24 * 60 * 60;

/**
 * The installable app (vite-plugin-pwa, Workbox generateSW), used by apps/web/vite.config.ts:
 *
 * - the manifest (name, Dutch description, the theme's red and background, icons in public/);
 * - the whole build precached (every screen's lazily loaded code too), so any screen opens
 *   without a connection; a screen's URL falls back to the precached index.html, /api never;
 * - a new version waits until the user chooses "Nu bijwerken" (registerType 'prompt', no
 *   skipWaiting; src/app/pwa/register.ts); the first version takes the page at once (clientsClaim)
 *   so the field work is cached on the first visit;
 * - the field work's GET answers kept for offline use (cached-routes.ts): network first with a
 *   short timeout, the stored answer when offline; capped by the expiration plugin.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // Registered by src/app/pwa/register.ts (workbox-window), not by a script the plugin injects.
  injectRegister: false,
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Keurwijzer',
    short_name: 'Keurwijzer',
    description: 'Keuringen, onderhoud en veiligheid van de machines van je klanten, ook zonder verbinding.',
    lang: 'nl',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    // shared/brand.ts's red and light background, written out: vite.config.ts loads this module in
    // Node, which cannot import the shared package's TypeScript (e2e/offline/pwa.spec.ts checks the red).
    theme_color: '#BE1522',
    background_color: '#f5f5f6',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
    globIgnores: ['**/.vite/**'],
    // Every chunk, also the big lazily loaded ones (PDF, scanner), must be in the precache.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: NAVIGATION_DENYLIST,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        urlPattern: API_DATA_ROUTE,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE,
          networkTimeoutSeconds: 4,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 300, maxAgeSeconds: 14 * DAY, purgeOnQuotaError: true },
        },
      },
      {
        urlPattern: API_IMAGE_ROUTE,
        method: 'GET',
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: API_IMAGE_CACHE,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 400, maxAgeSeconds: 14 * DAY, purgeOnQuotaError: true },
        },
      },
    ],
  },
};
