import { USER_CACHES } from './cached-routes';

/** Where the id of the user whose API answers the service worker's caches hold is kept. */
export const CACHE_OWNER_KEY = 'kw-offline-owner';

type Caches = Pick<CacheStorage, 'delete'>;
type OwnerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The offline copies of the API (cached-routes.ts) belong to one user. They are emptied when
 * another user logs in on this device and at logout, so nobody reads another user's task lists or
 * reports offline (the cached /api/authorized would even make the app think the previous user is
 * still logged in). An ended session (401) keeps them: the same user logs in again, and meanwhile
 * the reports stay available offline.
 */
export type UserCacheGuard = {
  /** A logged-in user was seen (login, session check): empties the caches if they are another user's. */
  userSeen(userId: number): Promise<void>;
  /** Logout: empties the caches. */
  loggedOut(): Promise<void>;
  /** Resolves when the changes asked so far are done (the offline prefetch waits for it). */
  settled(): Promise<void>;
};

export function createUserCacheGuard(caches: Caches | undefined, storage: OwnerStorage | undefined): UserCacheGuard {
  // One change at a time, in the order they happened.
  let queue: Promise<void> = Promise.resolve();
  const clear = async () => {
    if (caches) await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
  };
  const run = (step: () => Promise<void>) => (queue = queue.then(step).catch(() => undefined));
  return {
    userSeen: (userId) =>
      run(async () => {
        if (storage?.getItem(CACHE_OWNER_KEY) === String(userId)) return;
        await clear();
        storage?.setItem(CACHE_OWNER_KEY, String(userId));
      }),
    loggedOut: () =>
      run(async () => {
        await clear();
        storage?.removeItem(CACHE_OWNER_KEY);
      }),
    settled: () => queue,
  };
}

const browserStorage = (): OwnerStorage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The browser's guard (no-op where there is no Cache Storage, as in unit tests). */
export const userCaches: UserCacheGuard = createUserCacheGuard(
  typeof caches === 'undefined' ? undefined : caches,
  browserStorage(),
);
