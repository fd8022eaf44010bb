import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';

/** The Keuringsoverzicht counts toward the user's exports per hour (modules/usage), as the other exports. */
const t = useTestApp({ app: () => ({ env: { EXPORTS_PER_HOUR: '2' } }) });

describe('Keuringsoverzicht and the export rate', () => {
  it('answers the third download in the hour 429, together with the inventory export', async () => {
    const { chain, client } = t.customerA;
    expect((await client.get(`/api/locations/${chain.location.id}/keuringsoverzicht.pdf`)).statusCode).toBe(200);
    expect((await client.get('/api/machines/export?format=pdf')).statusCode).toBe(200);
    const third = await client.get(`/api/locations/${chain.location.id}/keuringsoverzicht.pdf`);
    expect(third.statusCode, third.body).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another user has an hour of his own.
    const office = `/api/customers/${chain.customer.id}/locations/${chain.location.id}/keuringsoverzicht.pdf`;
    expect((await t.admin.get(office)).statusCode).toBe(200);
  });
});
