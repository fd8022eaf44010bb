import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkedKey, reasonOf, StorageError, withDeadline, type Storage, type StorageOperation } from './storage';

/*
 * The storage of an S3-compatible bucket (lib/storage.ts's Storage), its client and its check at
 * start; the move command (cli/storage-to-s3) shares the client.
 */

/** The bucket and how to reach it (config.ts: S3_*). */
export type S3Options = {
  bucket: string;
  region: string;
  /** MinIO, Garage, Ceph...; unset: AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
  /** Put before every key (several apps in one bucket), e.g. "keurwijzer/". */
  prefix: string;
  /** How long connecting to the store may take (S3_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /**
   * How long one operation may take, the SDK's retries included, before it fails with a 503
   * (S3_REQUEST_TIMEOUT_MS); a read until its answer starts, and the store's silence within it.
   */
  requestTimeoutMs: number;
};

/** The AWS SDK, loaded on first use: a server on the disk storage never loads it. */
let sdk: Promise<typeof S3> | undefined;
export const s3Sdk = () => (sdk ??= import('@aws-sdk/client-s3'));

/** The S3 client of these options (the storage's and the move command's). */
export async function s3ClientOf(o: S3Options): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    // Without these a store that accepts the connection and never answers holds every upload
    // and file read (and the move command) for as long as the operating system keeps the socket.
    requestHandler: { connectionTimeout: o.connectTimeoutMs, socketTimeout: o.requestTimeoutMs },
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload)
    // is not understood by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      o.accessKeyId && o.secretAccessKey
        ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
        : undefined,
  });
}

/** The store's HTTP status of a failed call, if it answered. */
const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Files as objects of an S3-compatible bucket, streamed on read. Every call has the options'
 * deadline; a failure is a StorageError (503) naming the operation and key.
 */
export function createS3Storage(o: S3Options): Storage {
  let client: Promise<S3Client> | undefined;
  const clientOf = () => (client ??= s3ClientOf(o));
  const objectKey = (key: string) => o.prefix + checkedKey(key);
  /** `call` within the deadline; its failure as a StorageError of `operation` on `key`. */
  async function run<T>(
    operation: StorageOperation,
    key: string,
    call: (c: S3Client, signal: AbortSignal) => Promise<T>,
  ) {
    const c = await clientOf();
    try {
      return await withDeadline(o.requestTimeoutMs, (signal) => call(c, signal));
    } catch (err) {
      if (err instanceof StorageError) throw err;
      throw new StorageError(operation, key, reasonOf(err), statusOf(err));
    }
  }
  return {
    async put(key, data) {
      const Key = objectKey(key);
      const { PutObjectCommand } = await s3Sdk();
      await run('put', Key, (c, abortSignal) =>
        c.send(new PutObjectCommand({ Bucket: o.bucket, Key, Body: data, ContentLength: data.length }), {
          abortSignal,
        }),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      const { GetObjectCommand, NoSuchKey } = await s3Sdk();
      return run('get', Key, async (c, abortSignal) => {
        try {
          const out = await c.send(new GetObjectCommand({ Bucket: o.bucket, Key }), { abortSignal });
          return out.Body instanceof Readable ? out.Body : null;
        } catch (err) {
          if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
          throw err;
        }
      });
    },
    async delete(key) {
      const Key = objectKey(key);
      const { DeleteObjectCommand } = await s3Sdk();
      // Deleting a missing object is no error in S3.
      await run('delete', Key, (c, abortSignal) =>
        c.send(new DeleteObjectCommand({ Bucket: o.bucket, Key }), { abortSignal }),
      );
    },
    async check() {
      const { HeadBucketCommand } = await s3Sdk();
      await run('check', o.bucket, (c, abortSignal) =>
        c.send(new HeadBucketCommand({ Bucket: o.bucket }), { abortSignal }),
      );
    },
  };
}

/**
 * Whether a failed check means the configuration is wrong (the bucket does not exist, the keys
 * may not use it, a wrong region or address): the store answered, and no waiting changes it.
 */
export const isConfigurationProblem = (err: StorageError): boolean =>
  err.httpStatus !== undefined && [301, 400, 403, 404].includes(err.httpStatus);

/** The bucket as a reader of a message knows it: its name and where. */
const bucketText = (o: S3Options) => `S3 bucket "${o.bucket}" at ${o.endpoint ?? `AWS (${o.region})`}`;

/**
 * The bucket checked once at start (a HeadBucket within the deadline). A wrong configuration
 * stops the start with a clear message: the store answered that the bucket is not there or not
 * ours, and waiting changes nothing. A store that does not answer (time-out, refused) does not
 * stop it: the answer is a warning to log, and /api/ready says not ready until the bucket answers,
 * so one process, or all of them, come back by themselves when the store does.
 */
export async function checkBucketAtStart(storage: Pick<Storage, 'check'>, o: S3Options): Promise<string | null> {
  try {
    await storage.check();
    return null;
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
    if (isConfigurationProblem(err)) {
      throw new Error(
        `${bucketText(o)} cannot be used (HTTP ${err.httpStatus}, ${err.reason}): check S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE and the access keys.`,
      );
    }
    return `${bucketText(o)} does not answer (${err.reason}); starting anyway: /api/ready says not ready until it does.`;
  }
}

/** A storage failure as one line for a command's output: what, which key, why. */
export const storageFailureText = (err: StorageError, o: S3Options): string =>
  `${bucketText(o)}: ${err.operation} ${err.key} failed (${err.reason}; S3_CONNECT_TIMEOUT_MS=${o.connectTimeoutMs}, S3_REQUEST_TIMEOUT_MS=${o.requestTimeoutMs}).`;
