import path from 'node:path';
import { loadConfig } from '../config';
import { s3ClientOf } from '../lib/storage';
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
const root = path.join(config.dataDir, 'uploads');
const report = await moveToS3(root, config.s3, await s3ClientOf(config.s3), (line) => console.log(line));
console.log(`${report.copied} copied, ${report.present} already in the bucket, ${report.failed.length} failed`);
for (const f of report.failed) console.error(`FAILED ${f.key}: ${f.reason}`);
process.exit(report.failed.length > 0 ? 1 : 0);
