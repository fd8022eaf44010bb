import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { AppError } from './errors';

/**
 * Where uploaded files live: the local disk in DATA_DIR (default) or an S3-compatible bucket
 * (AWS S3, MinIO, Garage, Ceph; S3_BUCKET). Keys are chosen by the server (no user input in
 * paths). The files are always served through the app, with its access checks: the bucket is
 * never public.
 */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when it is not there. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Resolves when the storage can be used (the readiness check, the start); StorageError otherwise. */
  check(): Promise<void>;
};

/** What failed: one of the storage's operations, or the check of the bucket. */
export type StorageOperation = 'put' | 'get' | 'delete' | 'check';

/**
 * A storage operation that failed: the store did not answer within its time-out, refused the
 * connection or answered with an error. A 503 in Dutch for the request (the store, not the
 * client, is the problem); the error handler logs one line with the operation, the key and the
 * reason (never credentials: the SDK's error names and messages carry none).
 */
export class StorageError extends AppError {
  constructor(
    readonly operation: StorageOperation,
    readonly key: string,
    /** The SDK's or the system's error, as one line: "TimeoutError: no answer within 30000 ms". */
    readonly reason: string,
    /** The store's HTTP status, when it answered at all. */
    readonly httpStatus?: number,
  ) {
    super(503, LIMIT_TEXT.storageUnavailable);
    this.name = 'StorageError';
  }
}

/** An error as one line for the log: its name and message, the cause's code (ECONNREFUSED...). */
export function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return `${err.name}: ${err.message}${typeof code === 'string' && !err.message.includes(code) ? ` (${code})` : ''}`;
}

/**
 * Runs `work` with a deadline of `ms`: the signal aborts it then, retries of the SDK included, and
 * it rejects with a TimeoutError that says so. A read's deadline ends when its answer starts; the
 * stream then stops only when the store goes silent (the client's socket time-out).
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await work(controller.signal);
  } catch (err) {
    if (!controller.signal.aborted) throw err;
    const late = new Error(`no answer within ${ms} ms`);
    late.name = 'TimeoutError';
    throw late;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Every file of a disk storage (`root`, DATA_DIR/uploads) as its key (its path below `root` with
 * "/"), in name order, skipping unfinished writes; nothing when `root` does not exist.
 */
export async function* filesUnder(root: string, dir = root): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, full);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield path.relative(root, full).split(path.sep).join('/');
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** A key the server made: refused otherwise (a bug, never a user's path). */
function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
  return key;
}

/** Files under `root` (DATA_DIR/uploads); writes go through a temporary file and a rename. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.W_OK);
      } catch (err) {
        throw new StorageError('check', root, reasonOf(err));
      }
    },
  };
}

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

/** A storage whose deletes can be held back (lib/backup.ts: while the files are copied). */
export type HoldableStorage = Storage & {
  /** Until the returned function is called, deletes are remembered, not done; then they are done. */
  holdDeletes(): () => Promise<void>;
};

/**
 * `inner` with deletes that wait while a backup copies the files: the database copy taken at the
 * backup's start may still refer to a file that the app deletes a moment later. The held keys are
 * this process's own (the embedded database runs in one process).
 */
export function withDeleteHold(inner: Storage): HoldableStorage {
  let holds = 0;
  let pending: string[] = [];
  return {
    put: (key, data) => inner.put(key, data),
    get: (key) => inner.get(key),
    check: () => inner.check(),
    async delete(key) {
      if (holds > 0) pending.push(key);
      else await inner.delete(key);
    },
    holdDeletes() {
      holds++;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        if (--holds > 0) return;
        const keys = pending;
        pending = [];
        for (const key of keys) await inner.delete(key).catch(() => undefined);
      };
    },
  };
}
