import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OwnMalfunctionDetailSchema, type OwnMalfunctionDetail } from '@keurwijzer/shared/malfunctions';
import type { TestClient } from '../../test/client';
import { createMachine } from '../../test/factories';
import type { CustomerUser, TestContext } from '../../test/use-test-app';
import { report, type Photo } from './malfunctions.test-helpers';

export const OWN = '/api/own-malfunctions';

/**
 * POST /api/own-malfunctions/:id/comments as the web app sends it: multipart with the field
 * `comment` and the files `photo` (`csrf: false` leaves the token out).
 */
export function comment(
  t: TestContext,
  client: TestClient,
  id: number | string,
  fields: Record<string, string>,
  photos: Photo[] = [],
  opts: { csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return client.postForm(
    `${OWN}/${id}/comments`,
    fields,
    photos.map((p) => ({ field: p.name ?? 'photo', name: 'foto.jpg', type: p.type ?? 'image/jpeg', data: p.data })),
    opts.csrf !== false,
  );
}

/** A malfunction reported by `who` (through the API) on a new machine of its customer; its id. */
export async function reportedBy(
  t: TestContext,
  who: Pick<CustomerUser, 'chain' | 'client'>,
  description = 'Machine maakt herrie',
  machineName?: string,
): Promise<number> {
  const machine = await createMachine(t.db, who.chain, machineName ? { name: machineName } : {});
  const res = await report(t, who.client, machine.id, { description, urgency: 'normal' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

/** GET /api/own-malfunctions/:id (200), checked against the contract. */
export async function ownDetail(client: TestClient, id: number): Promise<OwnMalfunctionDetail> {
  const res = await client.get(`${OWN}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return OwnMalfunctionDetailSchema.strict().parse((res.json() as { data: unknown }).data);
}
