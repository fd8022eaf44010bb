import path from 'node:path';
import { loadConfig } from '../config';
import { createS3Storage, s3ClientOf, storageFailureText } from '../lib/s3-storage';
import { StorageError } from '../lib/storage';
import { moveToS3 } from './storage-to-s3-command';

/**
 * `npm run storage:to-s3` with the server's environment (DATA_DIR and S3_*): copies the files of
 * DATA_DIR/uploads to the bucket and checks every one; exits with 1 when a file failed the check.
 * Then start the server with S3_BUCKET set. The files stay on the disk until you remove them.
 */
const config = loadConfig(process.env);
if (!config.s3) {
  console.error('S3_BUCKET is not set: nothing to move to.');
  process.exit(1);
}
const s3 = config.s3;
const root = path.join(config.dataDir, 'uploads');
/** A store that does not answer, or refuses: said in one line, exit 1 (never a hang). */
const stop = (err: unknown): never => {
  console.error(err instanceof StorageError ? storageFailureText(err, s3) : String(err));
  process.exit(1);
};
// The bucket first: a wrong name or a store that does not answer stops here, before any file.
await createS3Storage(s3).check().catch(stop);
const report = await moveToS3(root, s3, await s3ClientOf(s3), (line) => console.log(line)).catch(stop);
console.log(`${report.copied} copied, ${report.present} already in the bucket, ${report.failed.length} failed`);
for (const f of report.failed) console.error(`FAILED ${f.key}: ${f.reason}`);
process.exit(report.failed.length > 0 ? 1 : 0);
