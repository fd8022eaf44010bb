import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { machineLabels } from '../../db/schema/labels';
import { createSecretBox } from '../../lib/secret-box';
import { sha256 } from '../../lib/tokens';
import { TEST_SESSION_SECRET } from '../../test/build-test-app';
import { TestClient } from '../../test/client';
import type { TestContext } from '../../test/use-test-app';
import { newLabelToken } from './labels.service';

/** Gives the machine a label code as printing does (hashed and sealed), and returns the code. */
export async function giveCode(t: TestContext, machineId: number): Promise<string> {
  const token = newLabelToken();
  const box = createSecretBox(t.config.secretBoxKey ?? TEST_SESSION_SECRET);
  await t.db
    .insert(machineLabels)
    .values({ machineId, tokenHash: sha256(token), tokenSealed: box.seal(token, `label:machine:${machineId}`) });
  return token;
}

let nextAddress = 10;
/** A visitor (no login, a CSRF token of its own session) from an address no other test uses. */
export async function visitorFrom(
  t: TestContext,
  ip = `10.21.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`,
) {
  const client = new TestClient(t.app, ip);
  await client.fetchToken();
  return client;
}

/**
 * POST /api/public/labels/:token/malfunctions as the public page sends it: multipart with the
 * fields and at most a file `photo` (`csrf: false` leaves the token out).
 */
export async function reportByLabel(
  t: TestContext,
  client: TestClient,
  ip: string,
  token: string,
  fields: Record<string, string>,
  files: { name?: string; field?: string; type?: string; data: Buffer }[] = [],
  opts: { csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const boundary = '----kwlabel' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.name ?? 'foto.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
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
    url: `/api/public/labels/${token}/malfunctions`,
    headers,
    payload: Buffer.concat(parts),
    remoteAddress: ip,
  });
}

/** A valid anonymous report. */
export const REPORT = { name: 'Jan Werkplaats', contact: '06-12345678', description: 'De zaag maakt een raar geluid' };

/** The PDF's text as poppler's pdftotext reads it. */
export const pdfText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

/** The PDF's pages as PNG images (poppler's pdftoppm at `dpi`), in order. */
export function pdfPages(pdf: Buffer, dpi = 200): Buffer[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-labels-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', path.join(dir, 'in.pdf'), path.join(dir, 'page')]);
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
