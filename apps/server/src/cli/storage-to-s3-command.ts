import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Sdk, type S3Options } from '../lib/s3-storage';
import { StorageError, filesUnder, reasonOf, withDeadline, type StorageOperation } from '../lib/storage';

/** What the move did: files copied, already there (same size and MD5), and those that failed the check. */
export type MoveReport = { copied: number; present: number; failed: { key: string; reason: string }[] };

/**
 * `call` within the options' deadline (the SDK's retries included); a failure as a StorageError
 * naming the operation and key, which stops the move (the command says so and exits with 1).
 */
async function within<T>(
  s3: S3Options,
  operation: StorageOperation,
  key: string,
  call: (signal: AbortSignal) => Promise<T>,
) {
  try {
    return await withDeadline(s3.requestTimeoutMs, call);
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    throw new StorageError(operation, key, reasonOf(err), status);
  }
}

/** The object's size and ETag, or null when it is not there. */
async function headOf(client: S3Client, s3: S3Options, key: string) {
  const { HeadObjectCommand, NotFound } = await s3Sdk();
  return within(s3, 'check', key, async (abortSignal) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }), { abortSignal });
      return { size: head.ContentLength ?? -1, etag: (head.ETag ?? '').replaceAll('"', '') };
    } catch (err) {
      if (err instanceof NotFound || (err as { name?: string }).name === 'NotFound') return null;
      throw err;
    }
  });
}

/**
 * Copies every file of the disk storage (`root`, DATA_DIR/uploads) to the bucket under the same
 * key (after S3_PREFIX) and checks each one afterwards: the object's size and its ETag, which for
 * a single PUT is the MD5 of its bytes. A file already there with the same size and MD5 is not
 * sent again, so the command can run again after an interruption. The disk is left as it is.
 * A call the store does not answer within S3_REQUEST_TIMEOUT_MS rejects with a StorageError.
 */
export async function moveToS3(
  root: string,
  s3: S3Options,
  client: S3Client,
  log: (line: string) => void = () => {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, present: 0, failed: [] };
  for await (const key of filesUnder(root)) {
    const data = await fs.readFile(path.join(root, ...key.split('/')));
    const md5 = createHash('md5').update(data).digest('hex');
    const objectKey = s3.prefix + key;
    const before = await headOf(client, s3, objectKey);
    if (before && before.size === data.length && before.etag === md5) {
      report.present++;
      continue;
    }
    const { PutObjectCommand } = await s3Sdk();
    await within(s3, 'put', objectKey, (abortSignal) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: objectKey, Body: data, ContentLength: data.length }), {
        abortSignal,
      }),
    );
    const after = await headOf(client, s3, objectKey);
    if (!after) report.failed.push({ key, reason: 'not in the bucket after the upload' });
    else if (after.size !== data.length)
      report.failed.push({ key, reason: `size ${after.size}, expected ${data.length}` });
    else if (after.etag !== md5) report.failed.push({ key, reason: `ETag ${after.etag}, expected MD5 ${md5}` });
    else {
      report.copied++;
      log(`copied ${key}`);
    }
  }
  return report;
}
