import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sharp, solidImage } from '../../test-support/images';
import { moveToS3 } from '../cli/storage-to-s3-command';
import { startS3Server } from '../test/s3-server';
import { useTestApp } from '../test/use-test-app';
import { createS3Storage } from './s3-storage';
import { createDiskStorage, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-storage-'));
beforeAll(async () => {
  s3 = await startS3Server('kw-storage', 'app/');
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

/** The bucket's keys under a prefix. */
async function keysIn(prefix: string) {
  const out = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

describe.each([
  ['disk', () => createDiskStorage(diskRoot)],
  ['S3', () => createS3Storage(s3.options)],
] as const)('the %s storage', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('keeps bytes as given, replaces, deletes, and says null for a missing file', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]);
    await storage.put('machines/1/a.webp', bytes);
    expect(await buffer((await storage.get('machines/1/a.webp'))!)).toEqual(bytes);
    await storage.put('machines/1/a.webp', Buffer.from('second'));
    expect(await text((await storage.get('machines/1/a.webp'))!)).toBe('second');
    await storage.delete('machines/1/a.webp');
    expect(await storage.get('machines/1/a.webp')).toBeNull();
    // Deleting what is not there is no error.
    await expect(storage.delete('machines/1/a.webp')).resolves.toBeUndefined();
    expect(await storage.get('nothing/here.png')).toBeNull();
  });

  it('streams a large file whole', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 17, 7);
    big[big.length - 1] = 9;
    await storage.put('big/file.bin', big);
    const back = await buffer((await storage.get('big/file.bin'))!);
    expect(back.length).toBe(big.length);
    expect(back.equals(big)).toBe(true);
  });

  it('refuses a key the server would never make', async () => {
    for (const key of ['../x.png', 'a/../../b.png', '/etc/passwd', 'Upper/x.png', 'no-extension']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('the S3 storage in the app', () => {
  const t = useTestApp({
    app: () => ({
      env: {
        S3_BUCKET: s3.options.bucket,
        S3_ENDPOINT: s3.options.endpoint!,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: 'app/',
      },
    }),
  });

  it('stores a profile photo in the bucket, not on disk, and serves it through the app to its owner only', async () => {
    const { user, client } = await t.signIn('mechanic');
    const photo = await solidImage(300, 200, '#336699').png().toBuffer();
    const res = await client.upload('/api/profile/image', 'image', {
      name: 'foto.png',
      type: 'image/png',
      data: photo,
    });
    expect(res.statusCode, res.body).toBe(200);
    const keys = await keysIn(`app/profiles/${user.id}/`);
    expect(keys).toHaveLength(1);
    expect(fs.readdirSync(t.uploadDir)).toEqual([]);
    const file = await client.get('/api/profile/image');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(200);
    // Another user gets what a missing photo gives; the bucket's URL is never handed out.
    const other = await t.signIn('mechanic');
    expect((await other.client.get(`/api/users/${user.id}/image`)).statusCode).toBe(404);
    expect(res.body).not.toContain(s3.options.endpoint!);
    // Removed: gone from the bucket as well.
    expect((await client.post('/api/profile/image/remove')).statusCode).toBe(200);
    expect(await keysIn(`app/profiles/${user.id}/`)).toEqual([]);
  });
});

describe('moving the disk files to the bucket (npm run storage:to-s3)', () => {
  it('copies every file under its key, checks it, and skips what is there already on a second run', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-move-'));
    try {
      const files: Record<string, Buffer> = {
        'machines/3/one.webp': Buffer.from('one'),
        'machines/3/thumbs/one.webp': Buffer.from('thumb'),
        'malfunctions/9/photo.webp': Buffer.alloc(70_000, 3),
      };
      for (const [key, data] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
        fs.writeFileSync(path.join(root, key), data);
      }
      // An unfinished write is not a file of the store.
      fs.writeFileSync(path.join(root, 'machines/3/two.webp.123.tmp'), 'half');
      const options = { ...s3.options, prefix: 'moved/' };
      const lines: string[] = [];
      const first = await moveToS3(root, options, s3.client, (line) => lines.push(line));
      expect(first).toEqual({ copied: 3, present: 0, failed: [] });
      expect(lines).toHaveLength(3);
      expect(await keysIn('moved/')).toEqual(
        Object.keys(files)
          .map((k) => `moved/${k}`)
          .sort(),
      );
      const storage = createS3Storage(options);
      for (const [key, data] of Object.entries(files)) expect(await buffer((await storage.get(key))!)).toEqual(data);
      expect(await moveToS3(root, options, s3.client)).toEqual({ copied: 0, present: 3, failed: [] });
      // A changed file is sent again.
      fs.writeFileSync(path.join(root, 'machines/3/one.webp'), 'changed');
      expect(await moveToS3(root, options, s3.client)).toEqual({ copied: 1, present: 2, failed: [] });
      expect(await text((await storage.get('machines/3/one.webp'))!)).toBe('changed');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
