import pg from 'pg';
import { TEST_PG_URL } from '../../warehouse/testing/pgTestWarehouse.js';

export interface PgTestDatabase {
  name: string;
  url: string;
  /** Drops the database, ending any connection still open on it. */
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database `<prefix>_<pid>_<random>` on the test server, for one test's store or warehouse. */
export async function createPgTestDatabase(prefix: string): Promise<PgTestDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await runAdminSql(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(TEST_PG_URL), { pathname: `/${name}` }).href;
  return { name, url, drop: () => dropPgTestDatabase(url) };
}

/** Drops the test database at `url`, ending any connection still open on it. */
export function dropPgTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a test database name: ${name}`);
  return runAdminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** One statement on the test server's maintenance database (CREATE/DROP DATABASE). */
export async function runAdminSql(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
