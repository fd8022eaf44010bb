import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ConfirmProvider } from '../components/feedback/confirm-dialog';
import { NotificationsProvider } from '../components/feedback/notifications';
import { theme } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
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
