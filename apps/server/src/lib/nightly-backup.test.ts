import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { backupFileName, backupsIn, pruneBackups, type BackupManifest } from './backup';
import { backupStamp, nightlyBackupDue, scheduleNightlyBackups } from './nightly-backup';

describe('nightly backups', () => {
  it('names a backup by Dutch time, also across the change to winter time', () => {
    expect(backupStamp(new Date('2026-11-27T01:30:05Z'))).toBe('20261127-023005');
    expect(backupStamp(new Date('2026-07-01T22:15:00Z'))).toBe('20260702-001500');
    expect(backupFileName('20261127-023005')).toBe('keurwijzer-backup-20261127-023005.tar');
  });

  it('is due from BACKUP_TIME on, once per Dutch day, also when the server was down at that time', () => {
    const at = (iso: string, days: string[] = []) => nightlyBackupDue(new Date(iso), '02:30', days);
    expect(at('2026-11-27T01:29:00Z')).toBe(false); // 02:29 Dutch
    expect(at('2026-11-27T01:30:00Z')).toBe(true); // 02:30
    expect(at('2026-11-27T15:00:00Z')).toBe(true); // the afternoon, none made yet
    expect(at('2026-11-27T15:00:00Z', ['20261127'])).toBe(false);
    expect(at('2026-11-27T23:30:00Z', ['20261127'])).toBe(false); // 00:30 on the 28th, before 02:30
  });

  it('keeps the newest BACKUP_KEEP backups and touches no other file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-nightly-'));
    try {
      for (const d of ['20261120', '20261121', '20261122', '20261123']) {
        fs.writeFileSync(path.join(dir, backupFileName(`${d}-023000`)), d);
      }
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
      expect(await pruneBackups(dir, 2)).toEqual([
        'keurwijzer-backup-20261120-023000.tar',
        'keurwijzer-backup-20261121-023000.tar',
      ]);
      expect((await backupsIn(dir)).map((b) => b.day)).toEqual(['20261122', '20261123']);
      expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes the day's backup when it is due, then keeps only the newest", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-nightly-'));
    try {
      fs.writeFileSync(path.join(dir, backupFileName('20200101-023000')), 'old');
      const made: string[] = [];
      const logged = new Promise<string>((resolve, reject) => {
        const stop = scheduleNightlyBackups(
          { dir, keep: 1, time: '00:00' },
          async (file) => {
            made.push(file);
            fs.writeFileSync(file, 'new');
            return { files: [] } as unknown as BackupManifest;
          },
          { info: (msg) => (stop(), resolve(msg)), error: (err) => (stop(), reject(err as Error)) },
        );
      });
      expect(await logged).toMatch(/written and checked \(0 files\); 1 old removed/);
      expect(made).toHaveLength(1);
      expect(fs.readdirSync(dir)).toEqual([path.basename(made[0]!)]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads BACKUP_* and resolves relative folders from where the command was typed (INIT_CWD)', () => {
    const c = loadConfig({ BACKUP_DIR: 'backups', INIT_CWD: '/srv/kw', DATA_DIR: './data' });
    expect(c.backup).toEqual({ dir: '/srv/kw/backups', keep: 7, time: '02:30' });
    expect(c.dataDir).toBe('/srv/kw/data');
    expect(loadConfig({}).backup).toBeNull();
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_TIME: '25:00' })).toThrow(/BACKUP_TIME/);
  });
});
