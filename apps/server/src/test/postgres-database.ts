import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new database on the TEST_DATABASE_URL server, empty or a copy of `template`: its URL, and `drop` to remove it (with
 * every connection still open to it).
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `kw_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const target = new URL(server);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
