import { describe, expect, it } from 'vitest';
import { createQueryClient, AUTH_QUERY_KEY } from '../query-client';
import { CACHE_OWNER_KEY, createUserCacheGuard } from './user-caches';
import { USER_CACHES } from './cached-routes';

/** A Cache Storage with some caches filled, and a localStorage, in memory. */
function device(owner?: string) {
  const filled = new Set<string>([...USER_CACHES, 'workbox-precache-v2']);
  const items = new Map<string, string>(owner ? [[CACHE_OWNER_KEY, owner]] : []);
  const caches = {
    delete: async (name: string) => filled.delete(name),
  };
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { filled, items, guard: createUserCacheGuard(caches, storage) };
}

describe('the offline caches belong to one user', () => {
  it('are kept when the same user is seen again (a reload, a new login after the session ended)', async () => {
    const d = device('7');
    await d.guard.userSeen(7);
    expect([...d.filled]).toEqual([...USER_CACHES, 'workbox-precache-v2']);
  });

  it("are emptied when another user logs in, the app's own code stays", async () => {
    const d = device('7');
    await d.guard.userSeen(8);
    expect([...d.filled]).toEqual(['workbox-precache-v2']);
    expect(d.items.get(CACHE_OWNER_KEY)).toBe('8');
  });

  it('are emptied when nobody is known to own them', async () => {
    const d = device();
    await d.guard.userSeen(3);
    expect([...d.filled]).toEqual(['workbox-precache-v2']);
    expect(d.items.get(CACHE_OWNER_KEY)).toBe('3');
  });

  it('are emptied at logout, and the next login of the same user starts empty too', async () => {
    const d = device('7');
    await d.guard.loggedOut();
    expect([...d.filled]).toEqual(['workbox-precache-v2']);
    expect(d.items.has(CACHE_OWNER_KEY)).toBe(false);
  });

  it('handle changes in the order they came', async () => {
    const d = device('7');
    void d.guard.userSeen(8);
    void d.guard.userSeen(9);
    await d.guard.settled();
    expect(d.items.get(CACHE_OWNER_KEY)).toBe('9');
  });
});

describe('the query client tells the offline caches who is logged in', () => {
  it('on login and on each session check, not when the session ends', async () => {
    const seen: number[] = [];
    const client = createQueryClient({ caches: { userSeen: async (id) => void seen.push(id) } });
    client.setQueryData(AUTH_QUERY_KEY, { id: 5, name: 'Monteur' });
    client.setQueryData(AUTH_QUERY_KEY, null);
    await client.fetchQuery({ queryKey: AUTH_QUERY_KEY, queryFn: async () => ({ id: 6 }), staleTime: 0 });
    client.setQueryData(['users', 'detail', 9], { id: 9 });
    expect(seen).toEqual([5, 6]);
  });
});
