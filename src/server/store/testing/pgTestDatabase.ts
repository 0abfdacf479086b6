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
  const run = async (sql: string): Promise<void> => {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  return {
    name,
    url: Object.assign(new URL(TEST_PG_URL), { pathname: `/${name}` }).href,
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
