import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';

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
};

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

/** Files as objects of an S3-compatible bucket, streamed on read. */
export function createS3Storage(o: S3Options): Storage {
  let client: Promise<S3Client> | undefined;
  const clientOf = () => (client ??= s3ClientOf(o));
  const objectKey = (key: string) => o.prefix + checkedKey(key);
  return {
    async put(key, data) {
      const Key = objectKey(key);
      const { PutObjectCommand } = await s3Sdk();
      await (
        await clientOf()
      ).send(new PutObjectCommand({ Bucket: o.bucket, Key, Body: data, ContentLength: data.length }));
    },
    async get(key) {
      const Key = objectKey(key);
      const { GetObjectCommand, NoSuchKey } = await s3Sdk();
      try {
        const out = await (await clientOf()).send(new GetObjectCommand({ Bucket: o.bucket, Key }));
        return out.Body instanceof Readable ? out.Body : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { DeleteObjectCommand } = await s3Sdk();
      // Deleting a missing object is no error in S3.
      await (await clientOf()).send(new DeleteObjectCommand({ Bucket: o.bucket, Key }));
    },
  };
}

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
