import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { filesUnder, s3Sdk, type S3Options } from '../lib/storage';

/** What the move did: files copied, already there (same size and MD5), and those that failed the check. */
export type MoveReport = { copied: number; present: number; failed: { key: string; reason: string }[] };

/** The object's size and ETag, or null when it is not there. */
async function headOf(client: S3Client, bucket: string, key: string) {
  const { HeadObjectCommand, NotFound } = await s3Sdk();
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? -1, etag: (head.ETag ?? '').replaceAll('"', '') };
  } catch (err) {
    if (err instanceof NotFound || (err as { name?: string }).name === 'NotFound') return null;
    throw err;
  }
}

/**
 * Copies every file of the disk storage (`root`, DATA_DIR/uploads) to the bucket under the same
 * key (after S3_PREFIX) and checks each one afterwards: the object's size and its ETag, which for
 * a single PUT is the MD5 of its bytes. A file already there with the same size and MD5 is not
 * sent again, so the command can run again after an interruption. The disk is left as it is.
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
    const before = await headOf(client, s3.bucket, objectKey);
    if (before && before.size === data.length && before.etag === md5) {
      report.present++;
      continue;
    }
    const { PutObjectCommand } = await s3Sdk();
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: objectKey, Body: data, ContentLength: data.length }),
    );
    const after = await headOf(client, s3.bucket, objectKey);
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
