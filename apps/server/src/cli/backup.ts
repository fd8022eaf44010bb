import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupTarget, runBackup } from './backup-command';

/**
 * `npm run backup [-- --out <file.tar | folder>]` with the server's environment (DATA_DIR): one
 * archive of the embedded database, the files and the session secret, consistent while the app
 * runs, checked after it is written. Keep it as safe as DATA_DIR: it holds the secrets.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
try {
  const config = loadConfig();
  const file = backupTarget(config, values.out);
  const { manifest, via } = await runBackup(config, file);
  const files =
    manifest.files === 'bucket' ? 'files: in the S3 bucket (back it up there)' : `${manifest.files.length} files`;
  console.log(`Backup written and checked: ${file}\n  via ${via}; database ${manifest.database.bytes} bytes; ${files}`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
