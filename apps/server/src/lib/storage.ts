import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. One interface, so an object store can replace the disk later.
 * Keys are chosen by the server (no user input in paths).
 */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when it is not there. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** Files under `root` (DATA_DIR/uploads); writes go through a temporary file and a rename. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
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
