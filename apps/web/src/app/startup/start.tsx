import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../providers';
import { createRouter } from '../router';
import { appTheme } from '../theme';
import { resolveLanguage, setLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { nextTask } from './next-task';
// The installable app: its service worker and the update prompt (registered after load).
import '../pwa/register';

/**
 * The start, in steps that each are a task of their own after the modules have run, so a phone's
 * main thread is never held long (docs/decisions.md, "Start-up"):
 * 1. the router: its loaders check the session and fetch the screen's code and data at once;
 * 2. the theme (both colour schemes), while that code downloads;
 * 3. the first render, at transition priority: React renders it in short slices.
 */
export async function start() {
  setLanguage(resolveLanguage());
  await nextTask();
  // One query client for the screens and the router: the router's loaders check the session in it.
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  await nextTask();
  const theme = appTheme();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} theme={theme}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
