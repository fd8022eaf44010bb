import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { migrationCount, type Database } from '../db/client';
import type { S3Options } from './s3-storage';
import { filesUnder, type HoldableStorage } from './storage';

/**
 * One backup archive of the embedded default (`npm run backup`): a plain tar with
 * - `database.tar.gz`: PGlite's data directory, copied consistently while the app runs
 *   (db/client.ts snapshotOf);
 * - `files/<key>`: every file of DATA_DIR/uploads (none when the files live in a bucket: the
 *   bucket has its own versioning and replication);
 * - `session-secret`: DATA_DIR's generated session secret when there is one. It is the key of the
 *   two-factor secrets' encryption unless SECRET_BOX_KEY is set, so without it a restored
 *   database would have every account's two-factor turned unusable. The archive is therefore as
 *   secret as DATA_DIR itself (written 0600);
 * - `manifest.json` last: the size and SHA-256 of everything above, checked by `verifyBackup`
 *   after every backup and by `restoreBackup` before anything is written.
 */
export type BackupManifest = {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  /** Migrations applied to the database (drizzle/meta/_journal.json entries). */
  migrations: number;
  database: Entry;
  /** Files of DATA_DIR/uploads by storage key; "bucket": the files live in S3 and are not in the archive. */
  files: (Entry & { key: string })[] | 'bucket';
  /** DATA_DIR's own files copied as they are (session-secret). */
  secrets: (Entry & { name: string })[];
};
type Entry = { bytes: number; sha256: string };

const FORMAT = 'keurwijzer-backup';
const DATABASE = 'database.tar.gz';
const MANIFEST = 'manifest.json';
/** DATA_DIR files that belong in a backup beside the database and the uploads. */
const SECRETS = ['session-secret'];
/** A storage key as lib/storage.ts makes them; anything else in an archive is refused. */
const FILE_ENTRY = /^files\/([a-z0-9][a-z0-9/_-]*\.[a-z0-9]+)$/;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export type BackupSource = {
  /** The database's consistent copy (Database.snapshot). */
  snapshot: () => Promise<Blob>;
  migrations: number;
  dataDir: string;
  /** DATA_DIR/uploads; null when the files live in a bucket. */
  uploadsDir: string | null;
  /**
   * Keeps the storage from deleting files until the returned function is called (lib/storage.ts
   * withDeleteHold): a file the database copy still refers to must still be there when the files
   * are copied after it.
   */
  holdDeletes?: () => () => Promise<void>;
};

/** What a backup of this configuration reads: the database, DATA_DIR/uploads (unless S3) and DATA_DIR's secret. */
export function backupSource(
  config: { dataDir: string; s3: S3Options | null },
  database: Database,
  storage?: HoldableStorage,
): BackupSource {
  if (!database.snapshot)
    throw new Error('only the embedded database is backed up this way; use pg_dump for PostgreSQL');
  return {
    snapshot: database.snapshot,
    migrations: migrationCount(),
    dataDir: config.dataDir,
    uploadsDir: config.s3 ? null : path.join(config.dataDir, 'uploads'),
    holdDeletes: storage ? () => storage.holdDeletes() : undefined,
  };
}

/** Writes the archive to `out`; resolves with its manifest once `out` has it all. */
export async function writeBackup(source: BackupSource, out: NodeJS.WritableStream): Promise<BackupManifest> {
  const pack = tar.pack();
  const written = pipeline(pack, out);
  const add = (name: string, data: Buffer, mode = 0o600) =>
    new Promise<Entry>((resolve, reject) =>
      pack.entry({ name, size: data.length, mode, mtime: new Date() }, data, (err) =>
        err ? reject(err) : resolve({ bytes: data.length, sha256: sha256(data) }),
      ),
    );
  const release = source.holdDeletes?.();
  try {
    const createdAt = new Date().toISOString();
    const database = await add(DATABASE, Buffer.from(await (await source.snapshot()).arrayBuffer()));
    let files: BackupManifest['files'] = 'bucket';
    if (source.uploadsDir) {
      files = [];
      for await (const key of filesUnder(source.uploadsDir)) {
        const data = await readIfThere(path.join(source.uploadsDir, ...key.split('/')));
        if (data) files.push({ key, ...(await add(`files/${key}`, data, 0o644)) });
      }
    }
    const secrets: BackupManifest['secrets'] = [];
    for (const name of SECRETS) {
      const data = await readIfThere(path.join(source.dataDir, name));
      if (data) secrets.push({ name, ...(await add(name, data)) });
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      createdAt,
      migrations: source.migrations,
      database,
      files,
      secrets,
    };
    await add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)), 0o644);
    pack.finalize();
    await written;
    return manifest;
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => {});
    throw err;
  } finally {
    await release?.();
  }
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** A backup that cannot be trusted: the message says which part and why. */
export class BackupError extends Error {}

/**
 * Reads the archive through and hands every part to `onEntry` (when given), then checks the
 * parts against the manifest: every listed part present with its size and SHA-256, nothing
 * unlisted. Throws BackupError otherwise. Returns the manifest.
 */
export async function verifyBackup(
  archive: string,
  onEntry?: (name: string, data: Buffer) => Promise<void>,
): Promise<BackupManifest> {
  const seen = new Map<string, Entry>();
  let manifest: BackupManifest | null = null;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), extract);
  // Its error (no such file, a broken tar) also ends the loop below; awaited after it.
  reading.catch(() => {});
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    const name = entry.header.name;
    if (entry.header.type !== 'file') throw new BackupError(`${name}: not a file`);
    if (name === MANIFEST) {
      manifest = parseManifest(data);
      continue;
    }
    if (name !== DATABASE && !SECRETS.includes(name) && !FILE_ENTRY.test(name)) {
      throw new BackupError(`${name}: not part of a Keurwijzer backup`);
    }
    seen.set(name, { bytes: data.length, sha256: sha256(data) });
    await onEntry?.(name, data);
  }
  await reading;
  if (!manifest) throw new BackupError(`${MANIFEST} missing: the archive is incomplete`);
  const expected = new Map<string, Entry>([[DATABASE, manifest.database]]);
  if (manifest.files !== 'bucket') for (const f of manifest.files) expected.set(`files/${f.key}`, f);
  for (const s of manifest.secrets) expected.set(s.name, s);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw new BackupError(`${name}: missing from the archive`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256) throw new BackupError(`${name}: damaged (checksum)`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) throw new BackupError(`${name}: not in the manifest`);
  return manifest;
}

function parseManifest(data: Buffer): BackupManifest {
  let m: Partial<BackupManifest>;
  try {
    m = JSON.parse(data.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${MANIFEST}: not JSON`);
  }
  if (m.format !== FORMAT || m.version !== 1 || !m.database || !m.files || !Array.isArray(m.secrets)) {
    throw new BackupError(
      `${MANIFEST}: not a Keurwijzer backup (format ${String(m.format)}, version ${String(m.version)})`,
    );
  }
  if (m.files !== 'bucket' && !m.files.every((f) => FILE_ENTRY.test(`files/${f.key}`))) {
    throw new BackupError(`${MANIFEST}: a file key that the app does not make`);
  }
  if (!m.secrets.every((s) => SECRETS.includes(s.name))) throw new BackupError(`${MANIFEST}: an unknown secret file`);
  return m as BackupManifest;
}

/** True when `dir` does not exist or holds nothing. */
async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Fills the empty `dataDir` from an archive: every part is checked against the manifest first
 * (into a folder beside it), then the database is loaded and the folder takes DATA_DIR's place.
 * `loadDatabase` unpacks the database copy (db/client.ts restorePgliteSnapshot).
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  loadDatabase: (dataDir: string, snapshot: Blob) => Promise<void>,
): Promise<BackupManifest> {
  if (!(await isEmptyDir(dataDir))) {
    throw new BackupError(`${dataDir} is not empty: a backup is restored into an empty DATA_DIR only`);
  }
  const work = `${dataDir.replace(/[\\/]+$/, '')}.restoring-${process.pid}`;
  await fs.rm(work, { recursive: true, force: true });
  await fs.mkdir(work, { recursive: true, mode: 0o700 });
  try {
    let database: Buffer | null = null;
    const manifest = await verifyBackup(archive, async (name, data) => {
      if (name === DATABASE) database = data;
      else if (SECRETS.includes(name)) await fs.writeFile(path.join(work, name), data, { mode: 0o600 });
      else {
        const key = FILE_ENTRY.exec(name)![1]!;
        const file = path.join(work, 'uploads', ...key.split('/'));
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, data);
      }
    });
    await loadDatabase(work, new Blob([database!]));
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    await fs.rename(work, dataDir);
    return manifest;
  } catch (err) {
    await fs.rm(work, { recursive: true, force: true });
    throw err;
  }
}

/** `keurwijzer-backup-20261127-023000.tar`: sorts by time; the date is the Dutch one from `stamp`. */
export const backupFileName = (stamp: string) => `keurwijzer-backup-${stamp}.tar`;
const BACKUP_FILE = /^keurwijzer-backup-(\d{8})-\d{6}\.tar$/;

/** The backups in `dir`, oldest first. */
export async function backupsIn(dir: string): Promise<{ name: string; day: string }[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names
    .map((name) => ({ name, m: BACKUP_FILE.exec(name) }))
    .filter((x) => x.m)
    .map((x) => ({ name: x.name, day: x.m![1]! }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Removes all but the newest `keep` backups of `dir`; returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await backupsIn(dir);
  const old = all.slice(0, Math.max(0, all.length - keep)).map((b) => b.name);
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  return old;
}

/**
 * Writes a backup to `file` through a temporary name (a half-written archive never carries the
 * final name), then reads it back and checks it (verifyBackup).
 */
export async function backupToFile(
  file: string,
  write: (out: NodeJS.WritableStream) => Promise<unknown>,
): Promise<BackupManifest> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const part = `${file}.part`;
  try {
    await write(createWriteStream(part, { mode: 0o600 }));
    const manifest = await verifyBackup(part);
    await fs.rename(part, file);
    return manifest;
  } catch (err) {
    await fs.rm(part, { force: true });
    throw err;
  }
}
