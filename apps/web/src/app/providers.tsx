import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { ConfirmProvider } from '../components/feedback/confirm-dialog';
import { NotificationsProvider } from '../components/feedback/notifications';

export function AppProviders({
  queryClient,
  theme,
  children,
}: {
  queryClient: QueryClient;
  theme: Theme;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Light by default; the dark choice is remembered by MUI in localStorage. */}
      <ThemeProvider theme={theme} defaultMode="light" noSsr>
        <CssBaseline enableColorScheme />
        <NotificationsProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </NotificationsProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
