import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, openPostgres } from '../db/client';
import { createPostgresDatabase } from './postgres-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding PGlite's dump of a migrated, analysed database ('' : none). */
    pgliteTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server that test databases copy ('' : none). */
    pgTemplate: string;
  }
}

/**
 * Once per run of an API project: the migrations run once into a template, and every test file
 * starts from a copy of it (test/build-test-app.ts freshDatabase) instead of migrating its own
 * database: PGlite loads the dump (~1.5 s less per file), PostgreSQL copies the template database
 * (CREATE DATABASE ... TEMPLATE). The tests of the migrations themselves still start empty.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', '');
  if (project.name === 'server-pg') {
    if (!process.env.TEST_DATABASE_URL) return;
    const { url, drop } = await createPostgresDatabase();
    const database = await openPostgres(url, 1);
    await database.sql.query('ANALYZE');
    await database.close();
    project.provide('pgTemplate', new URL(url).pathname.slice(1));
    return drop;
  }
  const dump = await migratedPgliteDump();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kw-template-')), 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
