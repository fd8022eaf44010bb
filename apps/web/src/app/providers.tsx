import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ConfirmProvider } from '../components/confirm-dialog';
import { NotificationsProvider } from '../components/notifications';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
