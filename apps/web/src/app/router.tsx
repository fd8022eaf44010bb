import { createBrowserRouter, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@keurwijzer/shared/permissions';
import { PageLoader } from '../components/page-loader';
import { AuthLayout } from './layouts/auth-layout';
import { RootBoundary } from './root-boundary';
import type { UserKind } from '../features/users/user-kind';
import { deferred, type ScreenModule } from './deferred';
import { ADMINS, CUSTOMERS, EVERYONE, STAFF, type RouteHandle } from './routes-config';
import { sessionUser } from './session';

type Load = () => Promise<ScreenModule>;

/** Screens outside the guard load on demand (spec section 2). */
const screen = (load: Load) => async () => ({ Component: (await load()).default });

/**
 * Where the guard's session check lives. Screens behind it are `deferred`: their loader first asks
 * the session (one request, shared with useAuth) and only then fetches the screen's code, so a
 * logged-out visitor downloads neither the main layout nor the screen (docs/architecture.md).
 */
let queryClient: QueryClient;

/** A screen behind the guard for `roles`: its code loads once the session says this user may see it. */
const route = (path: string | null, roles: Role[], load: Load, handle: object = {}): RouteObject => {
  const { Component, preload } = deferred(load);
  return {
    ...(path === null ? { index: true } : { path }),
    handle: { ...handle, roles } satisfies RouteHandle,
    loader: async ({ params }: LoaderFunctionArgs) => {
      const user = await sessionUser(queryClient);
      if (user && roles.includes(user.role)) await preload({ params, queryClient });
      return null;
    },
    // The code is there after the first visit; a new search or id needs no second check (the guard
    // component follows the session as it changes).
    shouldRevalidate: () => false,
    Component,
  };
};

/** The guard and the main layout: loaded after the session check; no session -> login. */
const guard = deferred(() => import('./guard').then((m) => ({ default: m.AuthGuard })));
const guardLoader = async ({ request }: LoaderFunctionArgs) => {
  const user = await sessionUser(queryClient);
  if (user === null) {
    const { pathname, search } = new URL(request.url);
    throw replace(`/login?redirect=${encodeURIComponent(pathname + search)}`);
  }
  await guard.preload();
  return null;
};

/** The same user screens serve admin/users and admin/customer-users (separate route names). */
const userRoutes = (base: string, userKind: UserKind): RouteObject[] =>
  (
    [
      ['', () => import('../features/users/routes/users-list')],
      ['/create', () => import('../features/users/routes/user-create')],
      ['/:id/edit', () => import('../features/users/routes/user-edit')],
    ] as const
  ).map(([suffix, load]) => route(base + suffix, ADMINS, load, { userKind }));

const admin = (path: string, load: Load) => route(path, ADMINS, load);
const brandForm = () => import('../features/brands/routes/brand-form');
const brandTypeForm = () => import('../features/brands/routes/brand-type-form');
const machineTypeForm = () => import('../features/machine-types/routes/machine-type-form');
const questionForm = () => import('../features/questions/routes/question-form');
const categoryForm = () => import('../features/categories/routes/category-form');
const questionnaireForm = () => import('../features/questionnaires/routes/questionnaire-form');
const qCategoryForm = () => import('../features/questionnaires/routes/questionnaire-category-form');
const qQuestionForm = () => import('../features/questionnaires/routes/questionnaire-question-form');
const Q = 'admin/questionnaires/:id/categories';
const customerForm = () => import('../features/customers/routes/customer-form');
const locationForm = () => import('../features/locations/routes/location-form');
const departmentForm = () => import('../features/locations/routes/department-form');
const roomForm = () => import('../features/locations/routes/room-form');
const machineForm = () => import('../features/machines/routes/machine-form');
const L = 'admin/customers/:id/locations';
const D = `${L}/:locationId/departments`;
const R = `${D}/:departmentId/rooms`;

/** Customers with their locations, departments and rooms (spec section 2). */
const customerRoutes: RouteObject[] = [
  admin('admin/customers', () => import('../features/customers/routes/customers-list')),
  admin('admin/customers/create', customerForm),
  admin('admin/customers/:id/edit', customerForm),
  admin(L, () => import('../features/locations/routes/locations-list')),
  admin(`${L}/create`, locationForm),
  admin(`${L}/:locationId/edit`, locationForm),
  admin(D, () => import('../features/locations/routes/departments-list')),
  admin(`${D}/create`, departmentForm),
  admin(`${D}/:departmentId/edit`, departmentForm),
  admin(R, () => import('../features/locations/routes/rooms-list')),
  admin(`${R}/create`, roomForm),
  admin(`${R}/:roomId/edit`, roomForm),
  admin('admin/customers/:id/machines', () => import('../features/machines/routes/customer-machines')),
  admin('admin/customers/:id/machines/create', machineForm),
  admin('admin/customers/:id/machines/:machineId/edit', machineForm),
  admin('admin/customers/:id/machines/:machineId/reports', () => import('../features/machines/routes/machine-reports')),
  admin('admin/machine-concept', () => import('../features/machines/routes/machine-concept')),
];

/** Brands, machine types, questions, categories and questionnaires (spec section 2). */
const masterDataRoutes: RouteObject[] = [
  admin('admin/brands', () => import('../features/brands/routes/brands-list')),
  admin('admin/brands/create', brandForm),
  admin('admin/brands/:id/edit', brandForm),
  admin('admin/brands/:id/types', () => import('../features/brands/routes/brand-types-list')),
  admin('admin/brands/:id/create', brandTypeForm),
  admin('admin/brands/:id/types/:typeId/edit', brandTypeForm),
  admin('admin/machine-types', () => import('../features/machine-types/routes/machine-types-list')),
  admin('admin/machine-types/create', machineTypeForm),
  admin('admin/machine-types/:id/edit', machineTypeForm),
  admin('admin/questions', () => import('../features/questions/routes/questions-list')),
  admin('admin/questions/create', questionForm),
  admin('admin/questions/:id/edit', questionForm),
  admin('admin/categories', () => import('../features/categories/routes/categories-list')),
  admin('admin/categories/create', categoryForm),
  admin('admin/categories/:id/edit', categoryForm),
  admin('admin/questionnaires', () => import('../features/questionnaires/routes/questionnaires-list')),
  admin('admin/questionnaires/create', questionnaireForm),
  admin('admin/questionnaires/:id/edit', questionnaireForm),
  admin('admin/questionnaires/:id/preview', () => import('../features/questionnaires/routes/questionnaire-preview')),
  admin(Q, () => import('../features/questionnaires/routes/questionnaire-categories')),
  admin(`${Q}/create`, qCategoryForm),
  admin(`${Q}/:categoryId/edit`, qCategoryForm),
  admin(`${Q}/:categoryId/questions`, () => import('../features/questionnaires/routes/questionnaire-questions')),
  admin(`${Q}/:categoryId/questions/create`, qQuestionForm),
  admin(`${Q}/:categoryId/questions/:questionId/edit`, qQuestionForm),
];

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
        loader: guardLoader,
        shouldRevalidate: () => false,
        Component: guard.Component,
        children: [
          route(null, STAFF, () => import('../features/tasklists/routes/tasklists')),
          ...userRoutes('admin/users', 'employees'),
          ...userRoutes('admin/customer-users', 'customers'),
          ...masterDataRoutes,
          ...customerRoutes,
          route('machines', CUSTOMERS, () => import('../features/machines/routes/my-machines')),
          route('profile', EVERYONE, () => import('../features/profile/routes/profile')),
        ],
      },
      { path: '*', lazy: screen(() => import('./routes/not-found')) },
    ],
  },
];

export function createRouter(client: QueryClient) {
  queryClient = client;
  return createBrowserRouter(routes);
}
