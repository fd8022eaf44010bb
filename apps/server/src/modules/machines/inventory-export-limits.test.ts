import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { createMachines, createPlacementChain, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * An export holds a database connection and CPU while it streams, so one user runs
 * at most two at once (429 with a Dutch message beyond), counted per process.
 */
const t = useTestApp();

describe('exports per user', () => {
  it('runs two exports of one user at once; a third answers 429 until one has finished', async () => {
    const c = await createPlacementChain(t.db, uniqueName('Exportbedrijf'));
    await createMachines(
      t.db,
      c,
      Array.from({ length: 1500 }, (_, i) => ({ name: `Machine ${i}`, inventoryNumber: `E-${c.customer.id}-${i}` })),
    );
    const url = (format: string) => `/api/customers/${c.customer.id}/machines/export?format=${format}`;
    // Two downloads whose bodies nobody reads yet: they stream only as fast as they are read.
    const started = async (format: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: url(format),
        headers: t.admin.authHeaders(),
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      return res.stream() as Readable;
    };
    const first = await started('xlsx');
    const second = await started('pdf');

    for (const format of ['xlsx', 'pdf']) {
      const third = await t.admin.get(url(format));
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: LIMIT_TEXT.tooManyExports, errors: {} });
    }
    // Another user is not held up by this one's exports.
    expect((await t.superAdmin.get(url('xlsx'))).statusCode).toBe(200);

    // Reading the first to its end frees its slot; an export that fails before it starts (404)
    // gives its slot back (else the second 404 would be a 429).
    for await (const chunk of first) void chunk;
    for (let i = 0; i < 3; i++) {
      expect((await t.admin.get('/api/customers/999999/machines/export?format=xlsx')).statusCode).toBe(404);
    }
    expect((await t.admin.get(url('xlsx'))).statusCode).toBe(200);
    second.destroy();
  });
});
