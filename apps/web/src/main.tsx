// First: zod's settings must be in place before any module builds a schema.
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { resolveLanguage, setLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
// The installable app: its service worker and the update prompt (registered after load).
import './app/pwa/register';

setLanguage(resolveLanguage());
// One query client for the screens and the router: the router's loaders check the session in it.
const queryClient = createQueryClient();
const router = createRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
