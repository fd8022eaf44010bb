import path from 'node:path';
import { loadConfig } from '../config';
import { runRestore } from './backup-command';

/**
 * `npm run restore <archive>` with the server's environment: fills an empty DATA_DIR from a
 * backup (every part checked first), runs the migrations and prints what it holds. Then start
 * the server on that DATA_DIR.
 */
const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore <archive.tar>   (DATA_DIR must be empty or not exist)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const { manifest, counts } = await runRestore(config, path.resolve(process.env.INIT_CWD ?? '', archive));
  const files = manifest.files === 'bucket' ? 'files: in the S3 bucket' : `${manifest.files.length} files`;
  console.log(`Restored ${archive} (made ${manifest.createdAt}) into ${config.dataDir}: ${files}`);
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(13)} ${n}`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
