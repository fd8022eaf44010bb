import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { homeFor, useAuth } from '../lib/api/auth';
import { WaitingForCustomer } from '../features/auth/components/waiting-for-customer';
import { errorMessage } from '../lib/api-client';
import { AUTH_QUERY_KEY } from '../lib/query-client';
import { PageLoader } from '../components/feedback/page-loader';
import { mayOpen, type RouteHandle } from './routes-config';
import { MainLayout } from './layouts/main-layout';

/**
 * The navigation guard of spec section 2: no session -> login (and back afterwards); a customer
 * on a route not for customers -> their machines list; anyone else on a route not for their role
 * stays where they were (no visible effect), or goes home when they came straight to it. A
 * customer user without a customer (self-registered, not linked yet) sees the waiting page.
 */
export function AuthGuard() {
  const { user, isLoading, error } = useAuth();
  const location = useLocation();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const lastAllowed = useRef<string | null>(null);
  const here = location.pathname + location.search;
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.access)?.handle as
    RouteHandle | undefined;
  const allowed = !!user && (!handle || mayOpen(user.role, handle.access));

  useEffect(() => {
    if (allowed) lastAllowed.current = here;
  }, [allowed, here]);

  if (isLoading) return <PageLoader />;
  if (error) {
    return (
      <Box sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
        <Alert
          severity="error"
          action={<Button onClick={() => queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY })}>Opnieuw</Button>}
        >
          {errorMessage(error)}
        </Alert>
      </Box>
    );
  }
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(here)}`} replace />;
  // Two-factor sign-in is compulsory for this employee and not on yet: set it up first.
  if (user.two_factor_setup_required) return <Navigate to="/2fa-intro" replace />;
  // An admin required a new password: change it first (after two-factor, as the API's gate).
  if (user.password_change_required) return <Navigate to="/change-password" replace />;
  // A self-registered customer user not linked to a customer yet: a waiting page on every route.
  if (user.role === 'customer' && user.customer_id === null) {
    return (
      <MainLayout>
        <WaitingForCustomer />
      </MainLayout>
    );
  }
  if (!allowed) {
    if (user.role === 'customer') return <Navigate to="/machines" replace />;
    return <Navigate to={lastAllowed.current ?? homeFor(user.role)} replace />;
  }
  return (
    <MainLayout>
      <Outlet />
    </MainLayout>
  );
}
