/**
 * What the service worker keeps of the API for offline use (app/pwa/pwa-options.ts, Workbox
 * runtime caching). Only GET answers of the field work are kept, never a change, an export or a
 * PDF: the session's user, the task lists and one list with its reports, and a report with its
 * images (machine image, photos, signatures). The answers belong to one user: the caches are
 * emptied at logout and when another user logs in (user-caches.ts).
 *
 * Regular expressions, not functions: Workbox writes them into the service worker as they are.
 * They are tested against the whole URL (origin included).
 */

/** JSON answers: network first, the stored answer when there is no connection. */
export const API_DATA_ROUTE =
  /^https?:\/\/[^/]+\/api\/(?:authorized|tasklists|tasklists\/\d+|reports\/\d+)(?:\?[^#]*)?$/;

/** Images of a report: the machine's image, its photos and signatures. */
export const API_IMAGE_ROUTE =
  /^https?:\/\/[^/]+\/api\/reports\/\d+\/(?:image|photos\/[\w-]+(?:\/[\w-]+)?|signatures\/[\w-]+)(?:\?[^#]*)?$/;

/** The caches that hold one user's answers. */
export const API_CACHE = 'kw-api';
export const API_IMAGE_CACHE = 'kw-api-images';
export const USER_CACHES = [API_CACHE, API_IMAGE_CACHE] as const;

/** Screens fall back to the app shell offline; the API and files never do. */
// Workbox tests them against the path and the query (`/admin/users?search=a.b` is a screen).
export const NAVIGATION_DENYLIST = [/^\/api(?:\/|$)/, /^[^?]*\/[^/?]*\.[A-Za-z0-9]{1,10}(?:\?.*)?$/];
