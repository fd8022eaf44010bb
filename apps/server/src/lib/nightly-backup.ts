import path from 'node:path';
import { dutchParts } from './dutch-time';
import { backupFileName, backupsIn, pruneBackups, type BackupManifest } from './backup';

/** `now` in Dutch time as 20261127-023000 (a backup's name, lib/backup.ts backupFileName). */
export function backupStamp(now: Date): string {
  const p = dutchParts(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}${two(p.month)}${two(p.day)}-${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

/**
 * Whether the nightly backup is to be made now: it is `time` (HH:MM, Dutch) or later on a Dutch
 * day that has no backup yet. A server that was down at that time makes it when it is back.
 */
export function nightlyBackupDue(now: Date, time: string, daysWithBackup: string[]): boolean {
  const stamp = backupStamp(now);
  const [day, clock] = stamp.split('-') as [string, string];
  return clock.slice(0, 4) >= time.replace(':', '') && !daysWithBackup.includes(day);
}

/** How often the server looks whether the nightly backup is due. */
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * BACKUP_DIR's nightly backups of the embedded default: one a day from BACKUP_TIME on, the newest
 * BACKUP_KEEP kept. Returns the function that stops it.
 */
export function scheduleNightlyBackups(
  o: { dir: string; keep: number; time: string },
  make: (file: string) => Promise<BackupManifest>,
  log: { info(msg: string): void; error(err: unknown, msg: string): void },
): () => void {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      if (
        !nightlyBackupDue(
          now,
          o.time,
          (await backupsIn(o.dir)).map((b) => b.day),
        )
      )
        return;
      const file = path.join(o.dir, backupFileName(backupStamp(now)));
      const manifest = await make(file);
      const removed = await pruneBackups(o.dir, o.keep);
      const files = manifest.files === 'bucket' ? 'files in the bucket' : `${manifest.files.length} files`;
      log.info(`backup ${file} written and checked (${files}); ${removed.length} old removed`);
    } catch (err) {
      log.error(err, 'nightly backup failed');
    } finally {
      running = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
