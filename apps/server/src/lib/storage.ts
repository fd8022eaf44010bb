import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { AppError } from './errors';

/**
 * Where uploaded files live: the local disk in DATA_DIR (default) or an S3-compatible bucket
 * (AWS S3, MinIO, Garage, Ceph; S3_BUCKET). Keys are chosen by the server (no user input in
 * paths). The files are always served through the app, with its access checks: the bucket is
 * never public. The bucket's storage is lib/s3-storage.ts.
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
export function checkedKey(key: string): string {
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
