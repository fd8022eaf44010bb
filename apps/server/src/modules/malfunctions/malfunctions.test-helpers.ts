import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { TestClient } from '../../test/client';
import type { TestContext } from '../../test/use-test-app';

/** A photo-like JPEG. */
export const jpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 190, g: 21, b: 34 } } })
    .jpeg()
    .toBuffer();

export type Photo = { name?: string; type?: string; data: Buffer };

/**
 * POST /api/machines/:id/malfunctions as the web app sends it: multipart with the fields and the
 * files `photos` (`csrf: false` leaves the token out). The urgency (required since issue 22) is
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
  const boundary = '----kwmalfunction' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries('urgency' in fields ? fields : { urgency: 'normal', ...fields })) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const photo of photos) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${photo.name ?? 'foto.jpg'}"\r\nContent-Type: ${photo.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      photo.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': `multipart/form-data; boundary=${boundary}`,
    ...client.authHeaders(),
  };
  if (opts.csrf === false) delete headers['x-csrf-token'];
  return t.app.inject({
    method: 'POST',
    url: `/api/machines/${machineId}/malfunctions`,
    headers,
    payload: Buffer.concat(parts),
  });
}
