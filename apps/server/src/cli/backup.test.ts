import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solidImage } from '../../test-support/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, restorePgliteSnapshot, type Database } from '../db/client';
import { backupSource, backupToFile, BackupError, restoreBackup, verifyBackup, writeBackup } from '../lib/backup';
import { controlSocketPath, requestBackup, startControlSocket } from '../lib/control-socket';
import { createMemoryMailer } from '../lib/mailer';
import { createDiskStorage, withDeleteHold } from '../lib/storage';
import { TestClient } from '../test/client';
import { createMachine, createPlacementChain, createUser, PASSWORD } from '../test/factories';
import { runBackup, runRestore } from './backup-command';

/**
 * `npm run backup` / `npm run restore` on the embedded default: a running app (PGlite in a
 * DATA_DIR of its own, files on its disk, the control socket as index.ts starts it) is backed up
 * through its socket, restored into a fresh DATA_DIR, and every row and file is found again.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-backup-'));
const dataDir = path.join(root, 'data');
const config: Config = loadConfig({
  NODE_ENV: 'test',
  SCRYPT_LOG_N: '10',
  LOG_LEVEL: 'silent',
  APP_URL: 'http://localhost:3000',
  REMINDERS: '0',
  DATA_DIR: dataDir,
  INIT_CWD: root,
});
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let closeSocket: (() => Promise<void>) | null = null;
let admin: TestClient;
let imagesBase: string;
/** Runs in the backup right after the database copy is made, before the files are copied. */
let afterSnapshot: (() => Promise<void>) | null = null;

const jpeg = (width: number) => solidImage(width, 200, { r: 20, g: 120, b: 200 }).jpeg().toBuffer();

/** Every table of the app's schemas as an MD5 of its rows in a fixed order. */
async function fingerprints(db: Database): Promise<Record<string, string>> {
  const { rows } = await db.sql.query(
    `select table_schema || '.' || table_name as t from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { t } of rows as { t: string }[]) {
    const [schema, table] = t.split('.');
    const q = `"${schema}"."${table}"`;
    const r = await db.sql.query(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${q} x`,
    );
    out[t] = `${String(r.rows[0]!.n)}:${String(r.rows[0]!.h)}`;
  }
  return out;
}

/** Every file under `dir` with its bytes (base64), by relative path. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const full = path.join(f.parentPath, f.name);
    out[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

beforeAll(async () => {
  database = await openPglite(dataDir);
  const storage = withDeleteHold(createDiskStorage(path.join(dataDir, 'uploads')));
  app = await buildApp({
    config,
    database,
    mailer: createMemoryMailer(),
    sessionSecret: 'a'.repeat(64),
    storage,
    logger: false,
    // No 503 when a busy machine (CI) lags the event loop: these requests must reach the app.
    pressure: false,
  });
  await app.ready();
  const real = backupSource(config, database, storage);
  const source = {
    ...real,
    async snapshot() {
      const copy = await real.snapshot();
      await afterSnapshot?.();
      return copy;
    },
  };
  closeSocket = await startControlSocket(dataDir, { backup: (out) => writeBackup(source, out) }, () => {});
  fs.writeFileSync(path.join(dataDir, 'session-secret'), 'b'.repeat(64), { mode: 0o600 });

  const user = await createUser(database.db, 'admin');
  admin = new TestClient(app);
  expect((await admin.login(user.email, PASSWORD)).statusCode).toBe(200);
  const chain = await createPlacementChain(database.db);
  const machine = await createMachine(database.db, chain, { name: 'Kolomboor' });
  imagesBase = `/api/customers/${chain.customer.id}/machines/${machine.id}/images`;
  for (const width of [300, 320]) {
    const res = await admin.upload(imagesBase, 'image', {
      name: 'foto.jpg',
      type: 'image/jpeg',
      data: await jpeg(width),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await closeSocket?.();
  await app?.close();
  await database?.close().catch(() => {});
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup and restore of the embedded default', () => {
  it('backs up the running app through its socket; the restore holds every row and file', async () => {
    expect(fs.statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    const before = await fingerprints(database);
    const uploads = filesOf(path.join(dataDir, 'uploads'));
    expect(Object.keys(uploads)).toHaveLength(4);

    const file = path.join(root, 'out', 'first.tar');
    const manifest = await backupToFile(file, (out) => requestBackup(dataDir, out));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(manifest.files).toHaveLength(4);
    expect(manifest.secrets.map((s) => s.name)).toEqual(['session-secret']);

    const target = path.join(root, 'restored');
    const { counts } = await runRestore({ ...config, dataDir: target }, file);
    expect(counts.machines).toBeGreaterThanOrEqual(1);
    const restored = await openPglite(target);
    try {
      expect(await fingerprints(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(filesOf(path.join(target, 'uploads'))).toEqual(uploads);
    expect(fs.readFileSync(path.join(target, 'session-secret'), 'utf8')).toBe('b'.repeat(64));
  });

  it('stays consistent when the app deletes files between the database copy and the file copy', async () => {
    const listed = await admin.get(imagesBase);
    expect(listed.statusCode, listed.body).toBe(200);
    const images = listed.json().data as { id: number }[];
    expect(images).toHaveLength(2);
    const file = path.join(root, 'out', 'busy.tar');
    let answers: number[] = [];
    afterSnapshot = async () => {
      const deleted = await Promise.all(images.map((i) => admin.delete(`${imagesBase}/${i.id}`)));
      const added = await admin.upload(imagesBase, 'image', {
        name: 'n.jpg',
        type: 'image/jpeg',
        data: await jpeg(340),
      });
      answers = [...deleted, added].map((a) => a.statusCode);
    };
    try {
      await backupToFile(file, (out) => requestBackup(dataDir, out));
    } finally {
      afterSnapshot = null;
    }
    expect(answers).toEqual([200, 200, 201]);

    const target = path.join(root, 'restored-busy');
    await restoreBackup(file, target, restorePgliteSnapshot);
    const restored = await openPglite(target);
    try {
      // The copy has the two images the app deleted after it was made: their files are there.
      const { rows } = await restored.sql.query('select file_key, thumb_key from machine_images');
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        for (const key of [row.file_key, row.thumb_key] as string[]) {
          expect(fs.existsSync(path.join(target, 'uploads', ...key.split('/'))), key).toBe(true);
        }
      }
    } finally {
      await restored.close();
    }
    // The deletes held back during the backup were done after it: only the new image's files remain.
    const live = (await database.sql.query('select file_key, thumb_key from machine_images')).rows;
    expect(live).toHaveLength(1);
    expect(Object.keys(filesOf(path.join(dataDir, 'uploads'))).sort()).toEqual(
      [live[0]!.file_key, live[0]!.thumb_key].map(String).sort(),
    );
  });

  it('refuses a damaged or foreign archive and a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const good = path.join(root, 'out', 'first.tar');
    const bytes = fs.readFileSync(good);
    // Damage a byte inside the database copy (its data starts after the first 512-byte header).
    const damaged = Buffer.from(bytes);
    damaged[2000] = damaged[2000]! ^ 0xff;
    const bad = path.join(root, 'out', 'damaged.tar');
    fs.writeFileSync(bad, damaged);
    const target = path.join(root, 'never');
    await expect(restoreBackup(bad, target, restorePgliteSnapshot)).rejects.toThrow(/database\.tar\.gz: damaged/);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(root).filter((n) => n.includes('.restoring-'))).toEqual([]);

    const truncated = path.join(root, 'out', 'truncated.tar');
    fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 4096));
    await expect(verifyBackup(truncated)).rejects.toThrow();

    const foreign = path.join(root, 'out', 'foreign.tar');
    fs.writeFileSync(foreign, 'not a tar at all'.repeat(100));
    await expect(restoreBackup(foreign, target, restorePgliteSnapshot)).rejects.toThrow();
    expect(fs.existsSync(target)).toBe(false);

    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'keep.txt'), 'mine');
    await expect(restoreBackup(good, occupied, restorePgliteSnapshot)).rejects.toThrow(BackupError);
    expect(fs.readdirSync(occupied)).toEqual(['keep.txt']);
  });

  it('backs up a stopped app by opening its database itself', async () => {
    await closeSocket?.();
    closeSocket = null;
    await app.close();
    await database.close();
    const file = path.join(root, 'out', 'stopped.tar');
    const { via, manifest } = await runBackup(config, file);
    expect(via).toMatch(/directly/);
    expect(manifest.files).toHaveLength(2);
    expect((await verifyBackup(file)).createdAt).toBe(manifest.createdAt);
  });
});
