import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3ClientOf, type S3Options } from '../lib/s3-storage';

/**
 * A local S3-compatible server for a test file (npm s3rver) with one empty bucket, on a free
 * port, its objects in a temporary directory removed at close. `options` are what the app's
 * S3_* settings would give.
 */
export async function startS3Server(bucket = 'kw-test', prefix = '') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const options: S3Options = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
    connectTimeoutMs: 5_000,
    requestTimeoutMs: 30_000,
  };
  const client = await s3ClientOf(options);
  return {
    options,
    client,
    /** Where s3rver keeps the bucket's objects (a test may look, e.g. that nothing landed on disk). */
    directory,
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
