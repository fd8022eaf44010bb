import { createUpdateFlow } from './update-flow';

/**
 * Registers the service worker of the built app (src/app/pwa/pwa-options.ts) once the page has
 * loaded, so the precache download never competes with the first screen. A waiting new version is
 * announced by the update prompt (loaded only then); see update-flow.ts. Imported once by app/startup/start.tsx.
 */
async function register() {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const flow = createUpdateFlow(workbox, navigator.serviceWorker, () => window.location.reload());
  flow.subscribe(() => {
    if (flow.state() === 'available') void import('./update-prompt').then((m) => m.showUpdatePrompt(flow));
  });
  await workbox.register();
  // A long-open app (a day in the field) looks for a new version every hour.
  setInterval(() => void workbox.update().catch(() => undefined), 60 * 60 * 1000);
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
