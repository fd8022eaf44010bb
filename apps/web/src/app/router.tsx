import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AuthLayout } from './layouts/auth-layout';
import { RootBoundary } from './root-boundary';
import type { UserKind } from '../features/users/user-kind';
import { ADMINS, CUSTOMERS, EVERYONE, STAFF, type RouteHandle } from './routes-config';

type Screen = { default: React.ComponentType };

/** Every screen loads on demand (spec section 2). */
const screen = (load: () => Promise<Screen>) => async () => ({ Component: (await load()).default });

const route = (path: string, roles: RouteHandle['roles'], load: () => Promise<Screen>): RouteObject => ({
  path,
  handle: { roles } satisfies RouteHandle,
  lazy: screen(load),
});

/** The same user screens serve admin/users and admin/customer-users (separate route names). */
const userRoutes = (base: string, userKind: UserKind): RouteObject[] =>
  (
    [
      ['', () => import('../features/users/routes/users-list')],
      ['/create', () => import('../features/users/routes/user-create')],
      ['/:id/edit', () => import('../features/users/routes/user-edit')],
    ] as const
  ).map(([suffix, load]) => ({ ...route(base + suffix, ADMINS, load), handle: { roles: ADMINS, userKind } }));

export const routes: RouteObject[] = [
  {
    errorElement: <RootBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', lazy: screen(() => import('../features/auth/routes/login')) },
          { path: 'activate/:token', lazy: screen(() => import('../features/auth/routes/activate')) },
          { path: 'unauthorized', lazy: screen(() => import('./routes/unauthorized')) },
        ],
      },
      {
        // The guard and main layout load on demand too: the login page does not carry them.
        lazy: async () => ({ Component: (await import('./guard')).AuthGuard }),
        children: [
          {
            index: true,
            handle: { roles: STAFF } satisfies RouteHandle,
            lazy: screen(() => import('../features/tasklists/routes/tasklists')),
          },
          ...userRoutes('admin/users', 'employees'),
          ...userRoutes('admin/customer-users', 'customers'),
          route('machines', CUSTOMERS, () => import('../features/machines/routes/my-machines')),
          route('profile', EVERYONE, () => import('../features/profile/routes/profile')),
        ],
      },
      { path: '*', lazy: screen(() => import('./routes/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
