import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ROLES, type Role } from '@keurwijzer/shared/permissions';
import { TestClient } from './client';
import { useTestApp } from './use-test-app';

/**
 * The authorization matrix (security.md "deny by default"): every registered /api route with the
 * roles that may call it, or 'public' for routes without login. A new route fails the first test
 * until it is listed here, so nobody adds a route without deciding who may use it.
 */
const ADMINS = ['super_admin', 'admin'] as const;
const CUSTOMERS = ['customer'] as const;
const STAFF = ['super_admin', 'admin', 'mechanic'] as const;

const MATRIX: Record<string, 'public' | readonly Role[]> = {
  // Auth and account
  'GET /api/token': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/metrics': 'public',
  'GET /api/openapi.json': [...ADMINS, ...CUSTOMERS],
  // Personal API tokens: office admins and customer users, their own only
  'GET /api/api-tokens': [...ADMINS, ...CUSTOMERS],
  'POST /api/api-tokens': [...ADMINS, ...CUSTOMERS],
  'DELETE /api/api-tokens/:id': [...ADMINS, ...CUSTOMERS],
  'POST /api/login': 'public',
  'POST /api/activate': 'public',
  'POST /api/register': 'public',
  'POST /api/register/confirm': 'public',
  'POST /api/activation/check': 'public',
  // Google sign-in (modules/oidc): the providers check, and the start and callback (navigations)
  'GET /api/auth/providers': 'public',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'POST /api/password-recover': 'public',
  'POST /api/password-reset': 'public',
  'POST /api/change-password': ROLES,
  'GET /api/authorized': ROLES,
  'POST /api/logout': ROLES,
  // Two-factor sign-in: the own account; POST /api/2fa is the login's second step (a session
  // that waits for it has no user, so the route is public and checks that session itself)
  'GET /api/2fa': 'public',
  'POST /api/2fa': 'public',
  'POST /api/2fa/setup': ROLES,
  'POST /api/2fa/enable': ROLES,
  'POST /api/2fa/disable': ROLES,
  'POST /api/2fa/recovery-codes': ROLES,
  // The profile: every role, always the session's own user (a photo also for users.view)
  'GET /api/profile': ROLES,
  'PUT /api/profile': ROLES,
  'GET /api/profile/image': ROLES,
  'POST /api/profile/image': ROLES,
  'POST /api/profile/image/remove': ROLES,
  'GET /api/users/:id/image': ROLES,
  // Users and customers
  'GET /api/users': ADMINS,
  'GET /api/users/:id': ADMINS,
  'POST /api/users': ADMINS,
  'PUT /api/users/:id': ADMINS,
  'POST /api/users/:id/archive': ADMINS,
  'POST /api/users/:id/restore': ADMINS,
  'POST /api/users/:id/require-password-change': ADMINS,
  'POST /api/users/:id/reset-two-factor': ADMINS,
  'POST /api/resend-invitation/:id': ADMINS,
  // Waiting accounts with suggested customers, and their one-click link
  'GET /api/users/waiting': ADMINS,
  'POST /api/users/:id/link': ADMINS,
  // A customer's own administrator: a customer user with the customer_admin flag, which
  // the matrix's customer lacks, so every role gets 403 here (own-users.test.ts tests the flag)
  'GET /api/own-users': [],
  'POST /api/own-users': [],
  'POST /api/own-users/:id/archive': [],
  'POST /api/own-users/:id/restore': [],
  'GET /api/customers': ADMINS,
  // Customers with their locations, departments and rooms, and their machines
  'GET /api/customers/:customerId/machines': ADMINS,
  'POST /api/customers/:customerId/machines': ADMINS,
  'GET /api/customers/:customerId/machines/:id': ADMINS,
  'GET /api/customers/:customerId/machines/export': ADMINS,
  'PUT /api/customers/:customerId/machines/:id': ADMINS,
  'POST /api/customers/:customerId/machines/:id/archive': ADMINS,
  'POST /api/customers/:customerId/machines/:id/restore': ADMINS,
  'POST /api/customers/:customerId/machines/:id/move': ADMINS,
  'GET /api/customers/:customerId/machines/:id/moves': ADMINS,
  'GET /api/customers/:customerId/machines/:id/reports': ADMINS,
  'GET /api/customers/:customerId/machines/:id/latest-reports': ADMINS,
  'GET /api/customers/:customerId/machines/:id/images': ADMINS,
  'POST /api/customers/:customerId/machines/:id/images': ADMINS,
  'GET /api/customers/:customerId/machines/:id/images/:imageId/file': ADMINS,
  'DELETE /api/customers/:customerId/machines/:id/images/:imageId': ADMINS,
  'GET /api/machine-concept': ADMINS,
  // A customer user's own machines
  'GET /api/machines': CUSTOMERS,
  'GET /api/machines/export': CUSTOMERS,
  'GET /api/machines/:id': CUSTOMERS,
  'GET /api/machines/:id/images/:imageId/file': CUSTOMERS,
  'GET /api/machines/:id/reports': CUSTOMERS,
  'GET /api/machines/:id/reports/:reportId': CUSTOMERS,
  'GET /api/machines/:id/reports/:reportId/pdf': CUSTOMERS,
  'GET /api/machines/:id/reports/:reportId/photos/:photoId': CUSTOMERS,
  'POST /api/machine-concept/:id/approve': ADMINS,
  'GET /api/customers/:id': ADMINS,
  'POST /api/customers': ADMINS,
  'PUT /api/customers/:id': ADMINS,
  'DELETE /api/customers/:id': ADMINS,
  'POST /api/customers/:id/archive': ADMINS,
  'POST /api/customers/:id/restore': ADMINS,
  'GET /api/customers/:customerId/locations': ADMINS,
  'GET /api/customers/:customerId/locations/:id': ADMINS,
  'POST /api/customers/:customerId/locations': ADMINS,
  'PUT /api/customers/:customerId/locations/:id': ADMINS,
  'DELETE /api/customers/:customerId/locations/:id': ADMINS,
  'GET /api/customers/:customerId/locations/:locationId/departments': ADMINS,
  'GET /api/customers/:customerId/locations/:locationId/departments/:id': ADMINS,
  'POST /api/customers/:customerId/locations/:locationId/departments': ADMINS,
  'PUT /api/customers/:customerId/locations/:locationId/departments/:id': ADMINS,
  'DELETE /api/customers/:customerId/locations/:locationId/departments/:id': ADMINS,
  'GET /api/customers/:customerId/locations/:locationId/departments/:departmentId/rooms': ADMINS,
  'GET /api/customers/:customerId/locations/:locationId/departments/:departmentId/rooms/:id': ADMINS,
  'POST /api/customers/:customerId/locations/:locationId/departments/:departmentId/rooms': ADMINS,
  'PUT /api/customers/:customerId/locations/:locationId/departments/:departmentId/rooms/:id': ADMINS,
  'DELETE /api/customers/:customerId/locations/:locationId/departments/:departmentId/rooms/:id': ADMINS,
  // Master data and questionnaires (admin screens only)
  'GET /api/brands': ADMINS,
  'GET /api/brands/:id': ADMINS,
  'POST /api/brands': ADMINS,
  'PUT /api/brands/:id': ADMINS,
  'DELETE /api/brands/:id': ADMINS,
  'GET /api/brands/:brandId/types': ADMINS,
  'GET /api/brands/:brandId/types/:id': ADMINS,
  'POST /api/brands/:brandId/types': ADMINS,
  'PUT /api/brands/:brandId/types/:id': ADMINS,
  'DELETE /api/brands/:brandId/types/:id': ADMINS,
  'GET /api/machine-types': ADMINS,
  'GET /api/machine-types/:id': ADMINS,
  'POST /api/machine-types': ADMINS,
  'PUT /api/machine-types/:id': ADMINS,
  'DELETE /api/machine-types/:id': ADMINS,
  // Intervals: per machine type, per customer (per machine type) and per machine
  'GET /api/machine-types/:id/intervals': ADMINS,
  'PUT /api/machine-types/:id/intervals': ADMINS,
  'GET /api/customers/:customerId/intervals': ADMINS,
  'PUT /api/customers/:customerId/intervals': ADMINS,
  'GET /api/customers/:customerId/machines/:id/intervals': ADMINS,
  'PUT /api/customers/:customerId/machines/:id/intervals': ADMINS,
  'GET /api/customers/:customerId/machines/:id/due': ADMINS,
  'GET /api/categories': ADMINS,
  'GET /api/categories/:id': ADMINS,
  'POST /api/categories': ADMINS,
  'PUT /api/categories/:id': ADMINS,
  'DELETE /api/categories/:id': ADMINS,
  'GET /api/questions': ADMINS,
  'GET /api/questions/:id': ADMINS,
  'POST /api/questions': ADMINS,
  'PUT /api/questions/:id': ADMINS,
  'DELETE /api/questions/:id': ADMINS,
  'GET /api/questionnaires': ADMINS,
  'GET /api/questionnaires/:id': ADMINS,
  'POST /api/questionnaires': ADMINS,
  'PUT /api/questionnaires/:id': ADMINS,
  'DELETE /api/questionnaires/:id': ADMINS,
  'POST /api/questionnaires/:id/duplicate': ADMINS,
  'GET /api/questionnaires/:id/detail': ADMINS,
  'GET /api/questionnaires/:id/categories': ADMINS,
  'POST /api/questionnaires/:id/categories': ADMINS,
  'POST /api/questionnaires/:id/categories/reorder': ADMINS,
  'GET /api/questionnaires/:id/categories/:categoryId': ADMINS,
  'PUT /api/questionnaires/:id/categories/:categoryId': ADMINS,
  'DELETE /api/questionnaires/:id/categories/:categoryId': ADMINS,
  'GET /api/questionnaires/:id/categories/:categoryId/questions': ADMINS,
  'POST /api/questionnaires/:id/categories/:categoryId/questions': ADMINS,
  'POST /api/questionnaires/:id/categories/:categoryId/questions/reorder': ADMINS,
  'GET /api/questionnaires/:id/categories/:categoryId/questions/:questionId': ADMINS,
  'PUT /api/questionnaires/:id/categories/:categoryId/questions/:questionId': ADMINS,
  'DELETE /api/questionnaires/:id/categories/:categoryId/questions/:questionId': ADMINS,
  // Task lists and planning (staff: mechanics plan, the office too)
  'GET /api/tasklists': STAFF,
  'POST /api/tasklists': STAFF,
  'GET /api/tasklists/:id': STAFF,
  'PUT /api/tasklists/:id': STAFF,
  'DELETE /api/tasklists/:id': STAFF,
  'GET /api/tasklists/:id/candidates': STAFF,
  'POST /api/tasklists/:id/machines': STAFF,
  'DELETE /api/tasklists/:id/machines/:machineId': STAFF,
  'GET /api/tasklists/:id/places': STAFF,
  'GET /api/tasklists/:id/questionnaires': STAFF,
  'POST /api/tasklists/:id/concept-machines': STAFF,
  'GET /api/planning/customers': STAFF,
  'GET /api/planning/customers/:id/locations': STAFF,
  'GET /api/planning/machine-types': STAFF,
  // Planning from due dates
  'POST /api/tasklists/:id/plan-due': STAFF,
  'GET /api/planning/due-count': STAFF,
  // Follow-ups ("Acties"): the office (reports.view / malfunctions.manage)
  'GET /api/followups': ADMINS,
  'GET /api/followups/open-count': ADMINS,
  'GET /api/followups/:id/tasklists': ADMINS,
  'POST /api/followups/:id/done': ADMINS,
  'POST /api/followups/:id/reopen': ADMINS,
  'POST /api/followups/:id/malfunction': ADMINS,
  'POST /api/followups/:id/reinspection': ADMINS,
  // Overviews: the office home, the Keuringsplanning, the customer's summary
  'GET /api/overview': ADMINS,
  'GET /api/due': ADMINS,
  'GET /api/machines/summary': CUSTOMERS,
  // The Keuringsoverzicht PDF of a location: the office's, and a customer user's own
  'GET /api/customers/:customerId/locations/:locationId/keuringsoverzicht.pdf': ADMINS,
  'GET /api/locations/:locationId/keuringsoverzicht.pdf': CUSTOMERS,
  // The office's completed reports (reports.view: not mechanics, not customers)
  'GET /api/completed-reports': ADMINS,
  'GET /api/completed-reports/export': ADMINS,
  // Reports: filled in and submitted by staff; customers read theirs in the portal, not here
  'GET /api/reports/:id': STAFF,
  'PUT /api/reports/:id': STAFF,
  'PUT /api/reports/:id/answers/:questionId': STAFF,
  'PUT /api/reports/:id/categories/:categoryId': STAFF,
  'POST /api/reports/:id/submit': STAFF,
  'GET /api/reports/:id/pdf': STAFF,
  'GET /api/reports/:id/image': STAFF,
  // The answers' photos
  'POST /api/reports/:id/questions/:questionId/photos/:photoId': STAFF,
  'GET /api/reports/:id/photos/:photoId': STAFF,
  'DELETE /api/reports/:id/photos/:photoId': STAFF,
  // Signatures at "Rapport afronden": staff sign and read; the portal reads its own
  'POST /api/reports/:id/signatures/:role': STAFF,
  'GET /api/reports/:id/signatures/:role': STAFF,
  'GET /api/machines/:id/reports/:reportId/signatures/:role': CUSTOMERS,
  // Corrections: the office reopens a submitted report as its next version
  'POST /api/reports/:id/corrections': ADMINS,
  // Malfunctions: customer users report on and read their own; the office handles them
  'POST /api/machines/:id/malfunctions': CUSTOMERS,
  'GET /api/own-malfunctions': CUSTOMERS,
  'GET /api/own-malfunctions/:id/photos/:photoId/file': CUSTOMERS,
  // The customer's side: the detail with its timeline, a comment, withdrawing
  'GET /api/own-malfunctions/:id': CUSTOMERS,
  'POST /api/own-malfunctions/:id/comments': CUSTOMERS,
  'POST /api/own-malfunctions/:id/withdraw': CUSTOMERS,
  // The mail queue's mails (modules/mails): the admins see failed mails and send them again
  'GET /api/mails': ADMINS,
  'GET /api/mails/failed-count': ADMINS,
  'POST /api/mails/:id/retry': ADMINS,
  // The audit trail (modules/audit): the whole of it for super admins; a machine's history with
  // the customers' machines, a report's with the office's reports
  'GET /api/audit': ['super_admin'],
  'GET /api/audit/export': ['super_admin'],
  'GET /api/customers/:customerId/machines/:machineId/history': ADMINS,
  'GET /api/reports/:id/history': ADMINS,
  'GET /api/malfunctions': ADMINS,
  'GET /api/malfunctions/open-count': ADMINS,
  'GET /api/malfunctions/:id': ADMINS,
  'PUT /api/malfunctions/:id': ADMINS,
  'GET /api/malfunctions/:id/photos/:photoId/file': ADMINS,
  // Assignment and planning: the office; "Mijn storingen" of whoever holds malfunctions.assigned
  'GET /api/malfunctions/assignees': ADMINS,
  'GET /api/malfunctions/:id/plan-options': ADMINS,
  'POST /api/malfunctions/:id/plan': ADMINS,
  'GET /api/assigned-malfunctions': STAFF,
  'GET /api/assigned-malfunctions/:id': STAFF,
  'GET /api/assigned-malfunctions/:id/photos/:photoId/file': STAFF,
  // QR labels: the public page of a scanned code and its anonymous "Storing melden";
  // where a logged-in user goes; planning the machine on today's list; the label PDFs and
  // "Nieuwe code" with the office's machine screens
  'GET /api/public/labels/:token': 'public',
  'POST /api/public/labels/:token/malfunctions': 'public',
  'GET /api/labels/:token': ROLES,
  'POST /api/labels/:token/plan': STAFF,
  'GET /api/customers/:customerId/locations/:locationId/labels': ADMINS,
  'GET /api/customers/:customerId/machines/:id/label': ADMINS,
  'POST /api/customers/:customerId/machines/:id/label/renew': ADMINS,
};

const t = useTestApp();

/** An id that does not exist: handlers that get past the access check answer 404 or 422. */
const MISSING_ID = '999999';
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/** Routes that end the caller's session. */
const ENDS_SESSION = new Set(['POST /api/logout']);

/**
 * A client with a valid CSRF token: logged in as `role`, or a visitor without login. The standard
 * clients are reused across routes; a route that ends the session gets a fresh one.
 */
async function clientFor(role: Role | null, fresh: boolean): Promise<TestClient> {
  if (fresh) {
    if (role) return (await t.signIn(role)).client;
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    return visitor;
  }
  const standard: Record<Role, TestClient> = {
    super_admin: t.superAdmin,
    admin: t.admin,
    mechanic: t.mechanic,
    customer: t.customerA.client,
  };
  return role ? standard[role] : t.visitor;
}

function split(key: string): { method: string; path: string } {
  const [method, url] = key.split(' ') as [string, string];
  return { method, path: url.replace(/:[A-Za-z]+/g, MISSING_ID) };
}

/** Calls the route with an empty body, directly and (for PUT/PATCH/DELETE) through `_method`. */
async function call(client: TestClient, key: string): Promise<{ via: string; status: number }[]> {
  const { method, path } = split(key);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const direct = await client.request(method as InjectOptions['method'], path, hasBody ? { body: {} } : {});
  const results = [{ via: 'direct', status: direct.statusCode }];
  if (OVERRIDABLE.has(method)) {
    const twin = await client.post(path, { body: { _method: method }, as: 'form' });
    results.push({ via: `POST _method=${method}`, status: twin.statusCode });
  }
  return results;
}

describe('authorization matrix', () => {
  it('lists every registered /api route, and only those', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered.length).toBeGreaterThan(0);
    expect(new Set(registered).size, 'a route is registered twice').toBe(registered.length);
    const listed = Object.keys(MATRIX).sort();
    expect(
      registered.filter((r) => !listed.includes(r)),
      'registered routes without a matrix entry',
    ).toEqual([]);
    expect(
      listed.filter((r) => !registered.includes(r)),
      'matrix entries without a registered route',
    ).toEqual([]);
  });

  it('marks exactly the public routes as public on the server', () => {
    for (const route of t.app.apiRoutes) {
      const entry = MATRIX[`${route.method} ${route.url}`];
      expect(route.access === 'public', `${route.method} ${route.url}`).toBe(entry === 'public');
    }
  });

  it.each(Object.entries(MATRIX))('%s', async (key, allowed) => {
    expect(
      t.app.apiRoutes.some((r) => `${r.method} ${r.url}` === key),
      `${key} is registered`,
    ).toBe(true);
    for (const role of [...ROLES, null]) {
      const client = await clientFor(role, ENDS_SESSION.has(key));
      const who = role ?? 'no session';
      for (const { via, status } of await call(client, key)) {
        const label = `${key} (${via}) as ${who}: ${status}`;
        expect(status, label).toBeLessThan(500);
        if (allowed === 'public') {
          expect([401, 403, 419], label).not.toContain(status);
        } else if (role === null) {
          expect(status, label).toBe(401);
        } else if (allowed.includes(role)) {
          expect([401, 403, 419], label).not.toContain(status);
        } else {
          expect(status, label).toBe(403);
        }
      }
    }
  });
});
