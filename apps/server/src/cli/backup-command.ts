import path from 'node:path';
import type { Config } from '../config';
import { openPglite, restorePgliteSnapshot } from '../db/client';
import { lockHolder } from '../db/dir-lock';
import {
  backupFileName,
  backupSource,
  backupToFile,
  restoreBackup,
  writeBackup,
  type BackupManifest,
} from '../lib/backup';
import { requestBackup } from '../lib/control-socket';
import { backupStamp } from '../lib/nightly-backup';

/** Where `npm run backup` writes: --out (a .tar file or a folder), else BACKUP_DIR, else ./backups. */
export function backupTarget(config: Config, out: string | undefined, now = new Date()): string {
  const name = backupFileName(backupStamp(now));
  const cwd = process.env.INIT_CWD ?? '';
  if (out) return out.endsWith('.tar') ? path.resolve(cwd, out) : path.resolve(cwd, out, name);
  return path.join(config.backup?.dir ?? path.resolve(cwd, 'backups'), name);
}

/**
 * `npm run backup`: through the running server's control socket when one holds DATA_DIR,
 * otherwise by opening the database itself. The archive is checked after it is written.
 */
export async function runBackup(config: Config, file: string): Promise<{ manifest: BackupManifest; via: string }> {
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (README, "Backups")');
  const pid = lockHolder(config.dataDir);
  if (pid) {
    const manifest = await backupToFile(file, (out) => requestBackup(config.dataDir, out));
    return { manifest, via: `the running server (process ${pid})` };
  }
  const database = await openPglite(config.dataDir);
  try {
    const manifest = await backupToFile(file, (out) => writeBackup(backupSource(config, database), out));
    return { manifest, via: 'the database directly (no server running)' };
  } finally {
    await database.close();
  }
}

/** Tables whose rows `npm run restore` counts for its summary. */
const COUNTED = ['users', 'customers', 'machines', 'reports', 'malfunctions'] as const;

/** `npm run restore <archive>`: fills the empty DATA_DIR, then opens it once (migrations) and counts. */
export async function runRestore(config: Config, archive: string) {
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups")');
  const manifest = await restoreBackup(archive, config.dataDir, restorePgliteSnapshot);
  const database = await openPglite(config.dataDir);
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const { rows } = await database.sql.query(`select count(*)::int as n from ${table}`);
      counts[table] = Number(rows[0]!.n);
    }
    return { manifest, counts };
  } finally {
    await database.close();
  }
}
