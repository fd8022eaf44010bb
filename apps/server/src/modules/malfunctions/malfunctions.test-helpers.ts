import { solidImage } from '../../../test-support/images';
import type { LightMyRequestResponse } from 'fastify';
import type { TestClient } from '../../test/client';
import type { TestContext } from '../../test/use-test-app';

/** A photo-like JPEG. */
export const jpeg = (width = 400, height = 300) =>
  solidImage(width, height, { r: 190, g: 21, b: 34 }).jpeg().toBuffer();

export type Photo = { name?: string; type?: string; data: Buffer };

/**
 * POST /api/machines/:id/malfunctions as the web app sends it: multipart with the fields and the
 * files `photos` (`csrf: false` leaves the token out). The urgency (required) is
 * 'normal' unless `fields` names it; `urgency: undefined` sends none.
 */
export async function report(
  t: TestContext,
  client: TestClient,
  machineId: number | string,
  fields: Record<string, string | undefined>,
  photos: Photo[] = [],
  opts: { csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries('urgency' in fields ? fields : { urgency: 'normal', ...fields })) {
    if (value !== undefined) sent[name] = value;
  }
  return client.postForm(
    `/api/machines/${machineId}/malfunctions`,
    sent,
    photos.map((p) => ({ field: 'photos', name: p.name ?? 'foto.jpg', type: p.type ?? 'image/jpeg', data: p.data })),
    opts.csrf !== false,
  );
}
