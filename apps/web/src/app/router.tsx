import { createBrowserRouter, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ACCESS, type Permission } from '@keurwijzer/shared/permissions';
import { PageLoader } from '../components/feedback/page-loader';
import { AuthLayout } from './layouts/auth-layout';
import { RootBoundary } from './root-boundary';
import type { UserKind } from '../features/users/user-kind';
import { deferred, type PrefetchArgs, type ScreenModule } from './deferred';
import { mayOpen, type Access, type RouteHandle } from './routes-config';
import { sessionUser } from './session';
import { reportQuery } from '../lib/api/report-query';

type Load = () => Promise<ScreenModule>;
type Data = (args: PrefetchArgs) => Promise<unknown>;

/** Screens outside the guard load on demand (spec section 2). */
const screen = (load: Load) => async () => ({ Component: (await load()).default });

/**
 * Where the guard's session check lives. Screens behind it are `deferred`: their loader first asks
 * the session (one request, shared with useAuth) and only then fetches the screen's code, so a
 * logged-out visitor downloads neither the main layout nor the screen (docs/architecture.md).
 */
let queryClient: QueryClient;

/**
 * A screen behind the guard that needs `access`: its code loads once the session says this user may
 * see it. `data`, when given, fetches the screen's data at the same time as its code instead of
 * after it (the loader awaits both): the screen then renders with its data inside the router's
 * transition, in short slices, and not as one long task when the data arrives.
 */
const route = (path: string | null, access: Access, load: Load, handle: object = {}, data?: Data): RouteObject => {
  const { Component, preload } = deferred(load);
  return {
    ...(path === null ? { index: true } : { path }),
    handle: { ...handle, access } satisfies RouteHandle,
    loader: async ({ params }: LoaderFunctionArgs) => {
      const user = await sessionUser(queryClient);
      if (user && mayOpen(user.role, access)) {
        // A failed fetch does not stop the screen: its own query shows the error.
        await Promise.all([preload({ params, queryClient }), data?.({ params, queryClient }).catch(() => undefined)]);
      }
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
  ).map(([suffix, load]) => route(base + suffix, suffix ? 'users.manage' : 'users.view', load, { userKind }));

/**
 * A screen of a resource family (customers, master data): its create and edit screens need the
 * write permission, the others the read one.
 */
const screenOf =
  ({ read, write }: { read: Permission; write: Permission }) =>
  (path: string, load: Load) =>
    route(path, /\/(create|edit)$/.test(path) ? write : read, load);
const customersScreen = screenOf(ACCESS.customers);
const masterDataScreen = screenOf(ACCESS.masterData);
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
const locationForm = () => import('./routes/location-form');
const departmentForm = () => import('../features/locations/routes/department-form');
const roomForm = () => import('../features/locations/routes/room-form');
const machineForm = () => import('./routes/machine-form');
const L = 'admin/customers/:id/locations';
const D = `${L}/:locationId/departments`;
const R = `${D}/:departmentId/rooms`;

/** Customers with their locations, departments and rooms (spec section 2). */
const customerRoutes: RouteObject[] = [
  customersScreen('admin/customers', () => import('../features/customers/routes/customers-list')),
  customersScreen('admin/customers/create', customerForm),
  customersScreen('admin/customers/:id/edit', customerForm),
  customersScreen(L, () => import('./routes/locations-list')),
  customersScreen(`${L}/create`, locationForm),
  customersScreen(`${L}/:locationId/edit`, locationForm),
  customersScreen(D, () => import('../features/locations/routes/departments-list')),
  customersScreen(`${D}/create`, departmentForm),
  customersScreen(`${D}/:departmentId/edit`, departmentForm),
  customersScreen(R, () => import('../features/locations/routes/rooms-list')),
  customersScreen(`${R}/create`, roomForm),
  customersScreen(`${R}/:roomId/edit`, roomForm),
  customersScreen('admin/customers/:id/machines', () => import('../features/machines/routes/customer-machines')),
  customersScreen('admin/customers/:id/machines/create', machineForm),
  customersScreen('admin/customers/:id/machines/:machineId/edit', machineForm),
  customersScreen(
    'admin/customers/:id/machines/:machineId/reports',
    () => import('../features/reports/routes/machine-reports'),
  ),
  route('admin/machine-concept', 'customers.manage', () => import('../features/machines/routes/machine-concept')),
  customersScreen('admin/customers/:id/intervals', () => import('../features/intervals/routes/customer-intervals')),
];

/** Brands, machine types, questions, categories and questionnaires (spec section 2). */
const masterDataRoutes: RouteObject[] = [
  masterDataScreen('admin/brands', () => import('../features/brands/routes/brands-list')),
  masterDataScreen('admin/brands/create', brandForm),
  masterDataScreen('admin/brands/:id/edit', brandForm),
  masterDataScreen('admin/brands/:id/types', () => import('../features/brands/routes/brand-types-list')),
  masterDataScreen('admin/brands/:id/create', brandTypeForm),
  masterDataScreen('admin/brands/:id/types/:typeId/edit', brandTypeForm),
  masterDataScreen('admin/machine-types', () => import('../features/machine-types/routes/machine-types-list')),
  masterDataScreen('admin/machine-types/create', machineTypeForm),
  masterDataScreen('admin/machine-types/:id/edit', machineTypeForm),
  masterDataScreen('admin/questions', () => import('../features/questions/routes/questions-list')),
  masterDataScreen('admin/questions/create', questionForm),
  masterDataScreen('admin/questions/:id/edit', questionForm),
  masterDataScreen('admin/categories', () => import('../features/categories/routes/categories-list')),
  masterDataScreen('admin/categories/create', categoryForm),
  masterDataScreen('admin/categories/:id/edit', categoryForm),
  masterDataScreen('admin/questionnaires', () => import('../features/questionnaires/routes/questionnaires-list')),
  masterDataScreen('admin/questionnaires/create', questionnaireForm),
  masterDataScreen('admin/questionnaires/:id/edit', questionnaireForm),
  masterDataScreen(
    'admin/questionnaires/:id/preview',
    () => import('../features/questionnaires/routes/questionnaire-preview'),
  ),
  masterDataScreen(Q, () => import('../features/questionnaires/routes/questionnaire-categories')),
  masterDataScreen(`${Q}/create`, qCategoryForm),
  masterDataScreen(`${Q}/:categoryId/edit`, qCategoryForm),
  masterDataScreen(
    `${Q}/:categoryId/questions`,
    () => import('../features/questionnaires/routes/questionnaire-questions'),
  ),
  masterDataScreen(`${Q}/:categoryId/questions/create`, qQuestionForm),
  masterDataScreen(`${Q}/:categoryId/questions/:questionId/edit`, qQuestionForm),
];

/** Task lists and reports: the mechanic's field work and the office's view of it (spec section 2). */
const reportView = () => import('../features/reports/routes/report-view');
/** The report being filled in (the query of its screen), fetched with the screen's code. */
const reportData: Data = async ({ params, queryClient: client }) => {
  const id = Number(params.id);
  await client.prefetchQuery(reportQuery(id));
};
const fieldWorkRoutes: RouteObject[] = [
  route(null, 'tasklists.view', () => import('../features/tasklists/routes/tasklists')),
  route('tasklists/create', 'tasklists.manage', () => import('../features/tasklists/routes/tasklist-create')),
  route('mechanic/tasklists/:id', 'tasklists.manage', () => import('../features/tasklists/routes/tasklist-plan')),
  route(
    'mechanic/report/:id',
    'tasklists.manage',
    () => import('../features/reports/routes/report-fill'),
    {},
    reportData,
  ),
  // The QR scanner: opens a scanned label's /m/<token>.
  route('mechanic/scan', 'tasklists.manage', () => import('../features/labels/routes/label-scan')),
  route('admin/tasklists/:id', 'reports.view', () => import('../features/tasklists/routes/tasklist-office')),
  route('admin/completed-reports', 'reports.view', () => import('../features/reports/routes/completed-reports')),
  route('admin/completed-reports/:id', 'reports.view', reportView),
  route('admin/reports/:id', 'reports.view', reportView),
];

/** The customer's own machines, their reports and malfunctions (spec section 2, role customer). */
const portalRoutes: RouteObject[] = [
  route('machines', 'own-machines.view', () => import('./routes/own-machines')),
  route('machines/:id', 'own-machines.view', () => import('../features/portal/routes/own-machine')),
  route('machines/:id/reports', 'own-machines.view', () => import('../features/portal/routes/own-machine-reports')),
  route(
    'machines/:id/reports/:reportId',
    'own-machines.view',
    () => import('../features/reports/routes/own-machine-report'),
  ),
  route('malfunctions', 'own-machines.view', () => import('../features/portal/routes/own-malfunctions')),
  // A customer's own administrator: the screen says so to other customer users.
  route('users', 'own-machines.view', () => import('../features/users/routes/own-users')),
  route('users/invite', 'own-machines.view', () => import('../features/users/routes/own-user-invite')),
  // The customer's malfunction with its timeline, comments and "Storing intrekken".
  route('malfunctions/:id', 'own-machines.view', () => import('../features/portal/routes/own-malfunction')),
];

/** Planning and compliance: the office home, the due list and the follow-ups. */
const complianceRoutes: RouteObject[] = [
  route('admin/overview', 'reports.view', () => import('../features/overview/routes/office-overview')),
  route('admin/due', ACCESS.customers.read, () => import('../features/overview/routes/due-list')),
  route('admin/actions', ACCESS.followups.read, () => import('../features/followups/routes/followups-list')),
];

/** The office's malfunctions (spec section 2). */
const malfunctionRoutes: RouteObject[] = [
  route('admin/malfunctions', 'malfunctions.view', () => import('../features/malfunctions/routes/malfunctions-list')),
  route(
    'admin/malfunctions/:id',
    'malfunctions.view',
    () => import('../features/malfunctions/routes/malfunction-detail'),
  ),
  // "Mijn storingen" of whoever malfunctions are assigned to: read-only, the report is theirs.
  route(
    'mechanic/malfunctions',
    'malfunctions.assigned',
    () => import('../features/malfunctions/routes/assigned-malfunctions'),
  ),
  route(
    'mechanic/malfunctions/:id',
    'malfunctions.assigned',
    () => import('../features/malfunctions/routes/assigned-malfunction'),
  ),
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
          { path: 'register', lazy: screen(() => import('../features/auth/routes/register')) },
          { path: 'terms', lazy: screen(() => import('../features/auth/routes/terms')) },
          { path: 'forgot-password', lazy: screen(() => import('../features/auth/routes/forgot-password')) },
          { path: 'reset-password/:token', lazy: screen(() => import('../features/auth/routes/reset-password')) },
          { path: 'change-password', lazy: screen(() => import('../features/auth/routes/change-password')) },
          { path: '2fa', lazy: screen(() => import('../features/two-factor/routes/two-factor-verify')) },
          { path: '2fa-intro', lazy: screen(() => import('../features/two-factor/routes/two-factor-intro')) },
          { path: '2fa-activate', lazy: screen(() => import('../features/two-factor/routes/two-factor-activate')) },
          { path: 'unauthorized', lazy: screen(() => import('./routes/unauthorized')) },
        ],
      },
      {
        loader: guardLoader,
        shouldRevalidate: () => false,
        Component: guard.Component,
        children: [
          ...fieldWorkRoutes,
          ...userRoutes('admin/users', 'employees'),
          ...userRoutes('admin/customer-users', 'customers'),
          ...masterDataRoutes,
          ...customerRoutes,
          ...portalRoutes,
          ...malfunctionRoutes,
          ...complianceRoutes,
          route('profile', 'profile.edit', () => import('./routes/profile')),
          route('admin/mails', 'users.manage', () => import('../features/mails/routes/mail-failures')),
          route('admin/audit', 'audit.view', () => import('../features/audit/routes/audit-trail')),
          // The API reference, opened from the profile's "API-tokens".
          route('docs/api', 'api.docs', () => import('../features/api-tokens/routes/api-docs')),
        ],
      },
      // A machine's QR label: public, outside the guard and without the app's navigation;
      // the screen itself sends a logged-in user on to their machine or report screen.
      { path: 'm/:token', lazy: screen(() => import('../features/labels/routes/label-landing')) },
      { path: '*', lazy: screen(() => import('./routes/not-found')) },
    ],
  },
];

export function createRouter(client: QueryClient) {
  queryClient = client;
  return createBrowserRouter(routes);
}
