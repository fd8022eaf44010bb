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

const admin = (path: string, load: () => Promise<Screen>) => route(path, ADMINS, load);
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

export const createRouter = () => createBrowserRouter(routes);
