import path from 'node:path';
import { createBackup } from './platform/backup/backup.js';
import { restoreBackup } from './platform/backup/restore.js';
import { EnvError, loadEnv } from './platform/settings/env.js';
import { storeMigrations } from './storeMigrations.js';

const USAGE = 'usage: npm run backup [-- <archive.tar.gz>] | npm run restore -- <archive.tar.gz>';

/**
 * `npm run backup` / `npm run restore` (in the image: `node dist/server/ops.js backup|restore`),
 * with the server's settings (DATA_DIR, DATABASE_URL, WAREHOUSE_URL). docs/operations.md.
 */
async function main(args: string[]): Promise<void> {
  const [command, file] = args;
  const env = loadEnv();
  if (command === 'backup') {
    const archive = file ?? `shelfscope-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    const manifest = await createBackup(env, archive);
    const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(
      `Backed up the store (${manifest.store.engine}, ${manifest.store.migrations.length} migrations), ` +
        `the warehouse (${manifest.warehouse.engine}) and ${manifest.files.length - 2} data files ` +
        `(${(bytes / 1e6).toFixed(1)} MB before compression) to ${path.resolve(archive)}`,
    );
  } else if (command === 'restore' && file) {
    const manifest = await restoreBackup(env, file, Object.keys(storeMigrations()));
    console.log(
      `Restored ${path.resolve(file)} (Shelfscope ${manifest.shelfscope}, ${manifest.createdAt}) into ` +
        `${path.resolve(env.DATA_DIR)}${env.DATABASE_URL ? ' and its databases' : ''}: start the server on it`,
    );
  } else {
    console.error(USAGE);
    process.exit(2);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A bad setting or a refused backup is one line; anything else keeps its stack.
  if (error instanceof EnvError || (error instanceof Error && error.name === 'BackupError')) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
