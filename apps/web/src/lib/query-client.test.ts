import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, invalidatedBy, RESOURCE_DEPENDENTS, type ResourceKey } from './query-client';

/** Runs a successful change of `resource` through the client's mutation cache. */
async function change(client: ReturnType<typeof createQueryClient>, resource?: ResourceKey) {
  await client
    .getMutationCache()
    .build(client, { mutationFn: async () => 'ok', meta: resource ? { resource } : undefined })
    .execute(undefined);
}

const stale = (client: ReturnType<typeof createQueryClient>) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0] as string)
    .sort();

describe('query invalidation after a change', () => {
  it('refreshes the changed resource and what depends on it, not every query', async () => {
    const client = createQueryClient();
    for (const key of ['brands', 'brand-types', 'machines', 'users', 'questionnaires'])
      client.setQueryData([key, 'list', null], []);
    await change(client, 'brand-types');
    expect(stale(client)).toEqual(['brand-types', 'brands', 'machines']);
  });

  it('refreshes everything after a change without a resource', async () => {
    const client = createQueryClient();
    for (const key of ['brands', 'users']) client.setQueryData([key, 'list', null], []);
    await change(client);
    expect(stale(client)).toEqual(['brands', 'users']);
  });

  it('refreshes the resource when the server refused the change as a conflict (409), not for other refusals', async () => {
    const refused = async (status: number) => {
      const client = createQueryClient();
      for (const key of ['malfunctions', 'machines', 'users']) client.setQueryData([key, 'detail', 1], {});
      await client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            throw new ApiError('De klant heeft deze storing ingetrokken.', {}, status);
          },
          meta: { resource: 'malfunctions' },
        })
        .execute(undefined)
        .catch(() => undefined);
      return stale(client);
    };
    expect(await refused(409)).toEqual(['machines', 'malfunctions']);
    expect(await refused(422)).toEqual([]);
    expect(await refused(403)).toEqual([]);
  });

  it('only names resources that exist as keys', () => {
    const keys = Object.keys(RESOURCE_DEPENDENTS);
    for (const key of keys as ResourceKey[])
      for (const dependent of invalidatedBy(key)) expect(keys, `${key} -> ${dependent}`).toContain(dependent);
  });
});

describe('queries without a connection (offline first)', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('still ask, so the service worker can answer from its copy instead of "Laden..." forever', async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('navigator', { onLine: false });
    const client = createQueryClient();
    const report = await client.fetchQuery({ queryKey: ['reports', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    expect(report).toEqual({ id: 1 });
  });

  it('fail at once when there is no copy either, instead of waiting for the connection', async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('navigator', { onLine: false });
    const client = createQueryClient();
    let calls = 0;
    const failing = client.fetchQuery({
      queryKey: ['reports', 'detail', 2],
      queryFn: async () => {
        calls++;
        throw new ApiError('Failed to fetch', {}, 500, true);
      },
    });
    await expect(failing).rejects.toThrow('Failed to fetch');
    expect(calls).toBe(1);
  });
});
